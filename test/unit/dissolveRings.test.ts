import { createPieceDissolver, dissolveRings } from '../../server/data/generator/dissolveRings';
import { signedArea, type Ring } from '../../server/geo/ring';

const square = (x: number, y: number, w: number, h: number): Ring => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

describe('dissolveRings: neighbouring parcels of one class drawn as one area', () => {
  it('joins pieces that share edges into one ring without the inner borders', () => {
    const [area, ...rest] = dissolveRings([square(0, 0, 10, 10), square(10, 0, 10, 10)]);
    expect(rest).toEqual([]);
    expect(area.holes).toEqual([]);
    expect(signedArea(area.exterior)).toBeCloseTo(200);
    expect(area.exterior).toHaveLength(4);
  });

  it('joins across a T-junction (a neighbour cut later adds a vertex in the middle of an edge)', () => {
    // Left: one 10×20 piece; right: two 10×10 pieces whose cut meets the left piece's edge at (10, 10).
    const polygons = dissolveRings([square(0, 0, 10, 20), square(10, 0, 10, 10), square(10, 10, 10, 10)]);
    expect(polygons).toHaveLength(1);
    expect(signedArea(polygons[0].exterior)).toBeCloseTo(400);
    expect(polygons[0].exterior).toHaveLength(4);
  });

  it('keeps a hole where a piece of another class sits inside, and apart pieces apart', () => {
    const ring = [];
    for (let x = 0; x < 3; x++)
      for (let y = 0; y < 3; y++) if (x !== 1 || y !== 1) ring.push(square(x * 10, y * 10, 10, 10));
    const [donut] = dissolveRings(ring);
    expect(signedArea(donut.exterior)).toBeCloseTo(900);
    expect(donut.holes).toHaveLength(1);
    expect(signedArea(donut.holes[0])).toBeCloseTo(-100);
    expect(dissolveRings([square(0, 0, 1, 1), square(5, 5, 1, 1)])).toHaveLength(2);
  });

  it("dissolves any group of one block's pieces, split once at the whole block's T-junctions", () => {
    // A 30×20 block: two 10×10 pieces on the left (their cut meets the next piece's edge at (10, 10)),
    // two 10×20 pieces on the right.
    const pieces = [
      square(0, 0, 10, 10),
      square(0, 10, 10, 10),
      square(10, 0, 10, 20),
      square(20, 0, 10, 20),
    ];
    const dissolver = createPieceDissolver(pieces);
    const [right, ...rest] = dissolver.dissolve([2, 3]);
    expect(rest).toEqual([]);
    expect(signedArea(right.exterior)).toBeCloseTo(400);
    // The T-junction of the pieces outside the group leaves no vertex on the group's straight border.
    expect(right.exterior).toHaveLength(4);
    expect(right.exterior).not.toContainEqual([10, 10]);
    const [whole] = dissolver.dissolve([0, 1, 2, 3]);
    expect(signedArea(whole.exterior)).toBeCloseTo(600);
    expect(whole.exterior).toHaveLength(4);
    const [lShape] = dissolver.dissolve([0, 2]);
    expect(signedArea(lShape.exterior)).toBeCloseTo(300);
    expect(lShape.exterior).toHaveLength(6);
    expect(dissolver.dissolve([3])).toEqual([{ exterior: pieces[3], holes: [] }]);
  });
});
