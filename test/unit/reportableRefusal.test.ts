import { reportableRefusal } from '../../src/api/responses';

const rejected = (payload: unknown, condition = false) => ({ meta: { condition }, payload });

describe('reportableRefusal', () => {
  it("reads the server's errorMessage and code out of a refused call", () => {
    const refusal = reportableRefusal(
      rejected({
        status: 429,
        data: { errorCode: 'LIMIT', errorMessage: 'Limit reached', message: 'other' },
      }),
    );
    expect(refusal).toEqual({ errorCode: 'LIMIT', message: 'Limit reached' });
  });

  it("falls back to the body's message, and to none without a body", () => {
    expect(reportableRefusal(rejected({ status: 400, data: { message: 'Bad input' } }))?.message).toBe(
      'Bad input',
    );
    expect(reportableRefusal(rejected({ status: 'FETCH_ERROR', error: 'down' }))).toEqual({
      errorCode: undefined,
      message: undefined,
    });
  });

  it('leaves 401 and 403 to the session listeners', () => {
    expect(reportableRefusal(rejected({ status: 401, data: { message: 'x' } }))).toBeUndefined();
    expect(reportableRefusal(rejected({ status: 403, data: { message: 'x' } }))).toBeUndefined();
  });

  it('ignores a skipped call and one with no payload', () => {
    expect(reportableRefusal(rejected({ status: 500, data: { message: 'x' } }, true))).toBeUndefined();
    expect(reportableRefusal(rejected(undefined))).toBeUndefined();
  });
});
