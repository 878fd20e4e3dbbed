import { loadSwissGeography } from '../../server/data/geography/loadSwissGeography';
import { listedPostcode, planPostcodes } from '../../server/data/catalog/postcodes';
import { planMunicipalities } from '../../server/data/planMunicipalities';
import { createDatasetNoise } from '../../server/data/generator/DatasetNoise';

const geography = loadSwissGeography();
const postcodes = planPostcodes(geography.municipalities);
const byName = (canton: string, name: string) => {
  const m = geography.municipalities.find((x) => x.cantonCode === canton && x.name === name);
  if (!m) throw new Error(`${canton} ${name} not in the geography`);
  return postcodes.get(m.bfs);
};
const ofCanton = (canton: string) => geography.municipalities.filter((m) => m.cantonCode === canton);

describe('postcodes', () => {
  it('are the real ones of the default cantons’ towns', () => {
    expect(byName('ZG', 'Zug')).toBe('6300');
    expect(byName('ZG', 'Baar')).toBe('6340');
    expect(byName('ZG', 'Cham')).toBe('6330');
    expect(byName('LU', 'Luzern')).toMatch(/^600[0-6]$/);
    expect(byName('LU', 'Emmen')).toBe('6032');
    expect(byName('GE', 'Genève')).toMatch(/^120\d$/);
    expect(byName('GE', 'Carouge (GE)')).toBe('1227');
    expect(byName('TI', 'Lugano')).toMatch(/^69\d\d$/);
    expect(byName('TI', 'Bellinzona')).toBe('6500');
    expect(byName('TI', 'Locarno')).toBe('6600');
  });

  it('are listed (not derived) for every municipality of ZG, LU, GE and TI', () => {
    for (const canton of ['ZG', 'LU', 'GE', 'TI']) {
      const unlisted = ofCanton(canton).filter(
        (m) => !listedPostcode(m) && !/^C'za |^Ticino \d+$/.test(m.name),
      );
      expect(unlisted.map((m) => m.name)).toEqual([]);
    }
  });

  it('are listed for the main town of every canton', () => {
    const capitals: Record<string, string> = {
      ZH: 'Zürich',
      BE: 'Bern',
      LU: 'Luzern',
      UR: 'Altdorf (UR)',
      SZ: 'Schwyz',
      OW: 'Sarnen',
      NW: 'Stans',
      GL: 'Glarus',
      ZG: 'Zug',
      FR: 'Fribourg',
      SO: 'Solothurn',
      BS: 'Basel',
      BL: 'Liestal',
      SH: 'Schaffhausen',
      AR: 'Herisau',
      AI: 'Appenzell',
      SG: 'St. Gallen',
      GR: 'Chur',
      AG: 'Aarau',
      TG: 'Frauenfeld',
      TI: 'Bellinzona',
      VD: 'Lausanne',
      VS: 'Sion',
      NE: 'Neuchâtel',
      GE: 'Genève',
      JU: 'Delémont',
    };
    const expected: Record<string, string> = {
      ZH: '8001',
      BE: '3011',
      UR: '6460',
      SZ: '6430',
      OW: '6060',
      NW: '6370',
      GL: '8750',
      FR: '1700',
      SO: '4500',
      BS: '4051',
      BL: '4410',
      SH: '8200',
      AR: '9100',
      AI: '9050',
      SG: '9000',
      GR: '7000',
      AG: '5000',
      TG: '8500',
      VD: '1003',
      VS: '1950',
      NE: '2000',
      JU: '2800',
    };
    for (const [canton, town] of Object.entries(capitals)) {
      const m = geography.municipalities.find((x) => x.cantonCode === canton && x.name === town);
      expect(m && listedPostcode(m)).toBeTruthy();
      if (expected[canton]) expect(byName(canton, town)).toBe(expected[canton]);
    }
  });

  it('have the right first digit everywhere: the postal regions, with their cross-canton exceptions', () => {
    // First digits each canton's municipalities use (Swiss Post regions: 1 west … 9 east).
    const allowed: Record<string, string> = {
      ZH: '8',
      BE: '234',
      LU: '64',
      UR: '6',
      SZ: '68',
      OW: '6',
      NW: '6',
      GL: '8',
      ZG: '6',
      FR: '13',
      SO: '2345',
      BS: '4',
      BL: '4',
      SH: '8',
      AR: '9',
      AI: '9',
      SG: '789',
      GR: '67',
      AG: '458',
      TG: '89',
      TI: '6',
      VD: '1',
      VS: '13',
      NE: '2',
      GE: '1',
      JU: '2',
    };
    const wrong = geography.municipalities
      .map((m) => `${m.cantonCode} ${m.name}: ${postcodes.get(m.bfs)}`)
      .filter(
        (line) => !/: [1-9]\d{3}$/.test(line) || !allowed[line.slice(0, 2)].includes(line.split(': ')[1][0]),
      );
    expect(wrong).toEqual([]);
    // The exceptions themselves: places whose postcode region is not their canton's usual one.
    expect([byName('BE', 'Langenthal'), byName('BE', 'Biel/Bienne'), byName('SG', 'Sargans')]).toEqual([
      '4900',
      '2502',
      '7320',
    ]);
    expect([
      byName('VS', 'Sierre'),
      byName('GR', 'Mesocco'),
      byName('AG', 'Zofingen'),
      byName('LU', 'Wikon'),
    ]).toEqual(['3960', '6563', '4800', '4806']);
  });

  it('are given to every municipality, derived ones unique and never a listed place’s code', () => {
    expect(postcodes.size).toBe(geography.municipalities.length);
    const listed = new Set(geography.municipalities.flatMap((m) => listedPostcode(m) ?? []));
    const derived = geography.municipalities
      .filter((m) => !listedPostcode(m))
      .map((m) => postcodes.get(m.bfs) as string);
    expect(new Set(derived).size).toBe(derived.length);
    expect(derived.filter((code) => listed.has(code))).toEqual([]);
  });

  it('reach the generator input of each municipality', () => {
    const inputs = planMunicipalities(geography, ['ZG'], 1, createDatasetNoise(1));
    expect(Object.fromEntries(inputs.map((i) => [i.municipality.name, i.zip]))).toMatchObject({
      Zug: '6300',
      Baar: '6340',
    });
  });
});
