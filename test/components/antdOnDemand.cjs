// `antd` in the component tests (jest.config.js moduleNameMapper): the same exports as antd's barrel, each
// loaded when a test file first uses it. antd's barrel (antd/lib/index.js) requires all of its ~75 components up
// front, ~2.8 CPU seconds in jsdom, which every component test file paid though a screen uses a dozen. The bundle
// never pays it (webpack drops what is unused); jest cannot. The names and folders are read from antd's own
// barrel, so an antd upgrade needs nothing here; anything not recognised there comes from the barrel itself.
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS stand-in for a CommonJS module, loaded by jest's require */
const fs = require('node:fs');
const path = require('node:path');

const barrelPath = require.resolve('antd/lib/index.js');
const barrel = fs.readFileSync(barrelPath, 'utf8');
const folderOf = new Map(
  Array.from(barrel.matchAll(/var (_\w+) = _interopRequireDefault\(require\("\.\/([\w/-]+)"\)\);/g), (m) => [
    m[1],
    m[2],
  ]),
);
const exportPattern =
  /Object\.defineProperty\(exports, "(\w+)", \{\s*enumerable: true,\s*get: function \(\) \{\s*return (_\w+)\.default;/g;
const onDemand = new Map();
for (const [, name, variable] of barrel.matchAll(exportPattern)) {
  const folder = folderOf.get(variable);
  if (folder) onDemand.set(name, folder);
}

Object.defineProperty(exports, '__esModule', { value: true });
for (const [name, folder] of onDemand) {
  Object.defineProperty(exports, name, {
    enumerable: true,
    get() {
      const loaded = require(path.join(path.dirname(barrelPath), folder));
      return loaded && loaded.__esModule ? loaded.default : loaded;
    },
  });
}
// What the barrel defines itself (unstableSetRender), or anything a future antd adds in another form.
const ownNames = new Set(Array.from(barrel.matchAll(/exports\.(\w+) = /g), (m) => m[1]));
for (const name of ownNames) {
  if (name === '__esModule' || onDemand.has(name)) continue;
  Object.defineProperty(exports, name, { enumerable: true, get: () => require(barrelPath)[name] });
}
