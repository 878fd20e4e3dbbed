import { idList } from '../../server/store/sqlite/parcels/createSqliteParcelRepository';

describe('candidate ids read from SQLite as one comma-separated text', () => {
  it('gives no ids for no rows', () => {
    expect(idList(null)).toEqual([]);
    expect(idList('')).toEqual([]);
  });

  it('parses the ids in their order', () => {
    expect(idList('7')).toEqual([7]);
    expect(idList('1,20,300,4000000')).toEqual([1, 20, 300, 4000000]);
  });

  it('sorts them should the aggregate ever hand them over out of order', () => {
    expect(idList('30,4,500,1')).toEqual([1, 4, 30, 500]);
  });
});
