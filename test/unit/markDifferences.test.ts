import { markDifferences } from '../../server/services/comparison/markDifferences';

const cells = (...values: (number | null)[]) =>
  values.map((number) => ({ text: number === null ? '–' : `${number} m²`, number }));

describe('markDifferences', () => {
  it('marks nothing when every parcel says the same', () => {
    expect(markDifferences(cells(400, 400, 400), 'higherIsBetter')).toEqual({
      differs: false,
      ranks: [null, null, null],
    });
    expect(markDifferences([{ text: 'W2' }, { text: 'W2' }])).toEqual({
      differs: false,
      ranks: [null, null],
    });
  });

  it('marks a text row that differs without ranking it', () => {
    expect(markDifferences([{ text: 'W2' }, { text: 'W3' }, { text: 'W2' }])).toEqual({
      differs: true,
      ranks: [null, null, null],
    });
  });

  it('ranks the largest reserve best and the smallest worst, ties sharing the rank', () => {
    expect(markDifferences(cells(400, 1200, 0, 1200), 'higherIsBetter').ranks).toEqual([
      null,
      'best',
      'worst',
      'best',
    ]);
  });

  it('ranks the lowest radon best when lower is better', () => {
    expect(markDifferences(cells(3, 12, 7), 'lowerIsBetter').ranks).toEqual(['best', 'worst', null]);
  });

  it('never ranks a parcel without a figure, nor a row with a single figure', () => {
    expect(markDifferences(cells(null, 500, 200), 'higherIsBetter').ranks).toEqual([null, 'best', 'worst']);
    expect(markDifferences(cells(null, 500), 'higherIsBetter')).toEqual({
      differs: true,
      ranks: [null, null],
    });
  });

  it('marks texts that differ though their figures are equal, without ranking', () => {
    const row = [
      { text: '3 % (moderate)', number: 3 },
      { text: '3 % (moderate, measured)', number: 3 },
    ];
    expect(markDifferences(row, 'lowerIsBetter')).toEqual({ differs: true, ranks: [null, null] });
  });
});
