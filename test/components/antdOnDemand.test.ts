// The component tests get antd through test/components/antdOnDemand.cjs (jest.config.js): it must offer every
// export of antd's barrel, as the same objects, or a screen would render differently in tests than in the app.
import * as onDemand from 'antd';

it("offers every export of antd's barrel, the same objects, and loads none of them up front", () => {
  const loadedBefore = Object.keys(require.cache).filter((key) =>
    key.includes('/node_modules/antd/lib/button/'),
  );
  expect(loadedBefore).toEqual([]);
  const barrel = jest.requireActual<Record<string, unknown>>('antd/lib/index.js');
  const names = Object.keys(barrel).filter((name) => name !== '__esModule');
  expect(names.length).toBeGreaterThan(50);
  const differing = names.filter((name) => (onDemand as Record<string, unknown>)[name] !== barrel[name]);
  expect(differing).toEqual([]);
  expect(Object.keys(onDemand).sort()).toEqual(names.sort());
});
