/**
 * The files the app hands to the browser as downloads (saveFile's link clicks), by name: object URLs are
 * stubbed (jsdom has none) and the clicks recorded instead of followed. Call at the top of a test file.
 */
export function captureSavedFiles(objectUrl = 'blob:download'): string[] {
  const saved: string[] = [];
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => objectUrl);
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  beforeEach(() => {
    saved.length = 0;
  });
  return saved;
}
