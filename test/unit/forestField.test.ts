import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';
import { planMunicipalities } from '../../server/data/planMunicipalities';
import { createDatasetNoise } from '../../server/data/generator/DatasetNoise';
import { generateMunicipality } from '../../server/data/generator/generateMunicipality';
import { forestLevels, NATIONAL_FOREST_LEVEL } from '../../server/data/generator/forestField';

const SEED = 20260101;
const BUILDING_ZONES = new Set(['11', '12', '13', '14', '15', '16', '17']);

describe("each canton's forest", () => {
  it('is cut higher on the forest field where the canton has little forest (Geneva) and lower where it has much (Ticino)', () => {
    const levels = forestLevels(loadSwissGeography(), ['GE', 'TI'], SEED);
    expect(levels.get('GE')).toBeGreaterThan(NATIONAL_FOREST_LEVEL);
    expect(levels.get('TI')).toBeLessThan(NATIONAL_FOREST_LEVEL);
  });

  it('is cut at the same level whichever other cantons are built, and Basel-Stadt shares the LFI figure of Basel-Landschaft', () => {
    const geography = loadSwissGeography();
    const alone = forestLevels(geography, ['ZG'], SEED);
    const together = forestLevels(geography, ['ZG', 'TI', 'BS'], SEED);
    expect(together.get('ZG')).toBe(alone.get('ZG'));
    expect(together.get('BS')).toBe(together.get('BL'));
    expect(alone.has('TI')).toBe(false);
  });

  it("moves only the open land: another forest level leaves a municipality's building zones, house numbers and buildings as they were", () => {
    const input = planMunicipalities(loadSwissGeography(), ['ZG'], SEED, createDatasetNoise(SEED)).find(
      (m) => m.municipality.name === 'Neuheim',
    );
    if (!input) throw new Error('Neuheim is missing from the geography');
    const sparse = generateMunicipality({ ...input, forestLevel: 0.8 });
    const dense = generateMunicipality({ ...input, forestLevel: 0.3 });
    const forest = (m: typeof sparse) =>
      m.parcels.filter((p) => p.bravoPri === '43').reduce((sum, p) => sum + p.sur, 0);
    expect(forest(dense)).toBeGreaterThan(forest(sparse) * 2);
    const town = (m: typeof sparse) => {
      const zoned = new Set(m.parcels.flatMap((p, index) => (BUILDING_ZONES.has(p.bravoPri) ? [index] : [])));
      return {
        parcels: m.parcels
          .filter((_, index) => zoned.has(index))
          .map((p) => [p.prcId, p.sur, p.street, p.houseNo]),
        buildings: m.buildings
          .filter((b) => zoned.has(b.parcelIndex))
          .map((b) => [b.OBJ_ID, b.OBJ_TYP, b.OBJ_FLO, b.OBJ_POB]),
      };
    };
    expect(town(dense).parcels.length).toBeGreaterThan(20);
    expect(town(dense).buildings.length).toBeGreaterThan(20);
    expect(town(dense)).toEqual(town(sparse));
  });
});
