import { cellsAlongRings } from '../../server/services/reports/map/outlineCells';

describe('cellsAlongRings', () => {
  it('gives each grid cell an outline passes through once, grown by a quarter cell', () => {
    // A strip 1 km long and 10 m wide, inside one row of 100 m cells.
    const strip: [number, number][] = [
      [2_600_010, 1_200_020],
      [2_601_010, 1_200_020],
      [2_601_010, 1_200_030],
      [2_600_010, 1_200_030],
      [2_600_010, 1_200_020],
    ];
    const cells = cellsAlongRings([strip], 100);
    expect(cells).toHaveLength(11);
    expect(cells[0]).toEqual([2_599_975, 1_199_975, 2_600_125, 1_200_125]);
    expect(new Set(cells.map(([minE]) => minE)).size).toBe(11);
  });

  it('does not skip the cells a long diagonal edge crosses between its two vertices', () => {
    const diagonal: [number, number][] = [
      [0, 0],
      [1000, 1000],
    ];
    const centres = cellsAlongRings([diagonal], 100).map(([minE, minN]) => [minE + 75, minN + 75]);
    for (let i = 0; i < 10; i++) expect(centres).toContainEqual([i * 100 + 50, i * 100 + 50]);
  });
});
