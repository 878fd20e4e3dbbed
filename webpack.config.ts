import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import { Compilation, WebpackError, sources, type Compiler, type Configuration } from 'webpack';

/**
 * Message prefixes only the server formats (PDF reports, the assessment page, mails and replies, the
 * comparison PDF and rows): one catalogue for both sides in translations/*.json, but the browser's bundles
 * leave these out, so server texts do not weigh on the first load (ADR 031; test/unit/browserCatalogue).
 */
const SERVER_ONLY_MESSAGE_PREFIXES = JSON.parse(
  fs.readFileSync(path.join(__dirname, 'src/features/i18n/serverOnlyMessagePrefixes.json'), 'utf8'),
) as string[];

/** A message catalogue's source as the browser bundles it: without the messages only the server formats. */
function browserCatalogue(source: string): Record<string, string> {
  const messages = JSON.parse(source) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(messages).filter(([id]) => !SERVER_ONLY_MESSAGE_PREFIXES.some((p) => id.startsWith(p))),
  );
}

/** A route and the named chunk groups (`webpackChunkName` in src/app/AppRoutes.tsx) it loads before it renders. */
interface RouteChunks {
  route: string;
  chunkGroups: string[];
}

/**
 * The first-load budget (docs/adr/008-first-load-budget.md): the JS and CSS that /login loads before it
 * renders, i.e. the entry's initial chunks plus the simple layout's and the login screen's chunks with their
 * shared vendor chunks; gzip level 9, KB of 1000 bytes. The build fails above `budgetKb`, which has reached
 * its target: the first load carries no antd runtime (AntdTheme comes with the screens that use antd).
 */
const FIRST_LOAD: RouteChunks & { budgetKb: number; targetKb: number } = {
  route: '/login',
  chunkGroups: ['simple-layout', 'login'],
  budgetKb: 200,
  targetKb: 200,
};

/** Reported for information: what the map route loads on top of the entry, antd's theme and map engine included. */
const MAP_ROUTE: RouteChunks = { route: '/', chunkGroups: ['antd-theme', 'map-layout', 'mapview'] };

/** The map engine's worker, which the server serves from /vendor outside the bundle (MapController). */
const MAP_WORKER = 'node_modules/maplibre-gl/dist/maplibre-gl-worker.mjs';

const gzipSize = (content: Buffer) => zlib.gzipSync(content, { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

/** Files with their gzip sizes, largest first, as a total and one printed line each. */
function sizeList(files: { name: string; content: Buffer }[]) {
  const sized = files
    .map(({ name, content }) => ({ name, size: gzipSize(content) }))
    .sort((a, b) => b.size - a.size);
  return {
    total: sized.reduce((sum, { size }) => sum + size, 0),
    lines: sized.map(({ name, size }) => `  ${kb(size).padStart(7)} KB  ${name}`),
  };
}

/**
 * Prints the first-load figure of /login with its files (and the map route's extra chunks) and fails the
 * build, through a compilation error so webpack exits non-zero, when the figure is over budget. The files
 * come from webpack's chunk graph (entrypoint and named chunk groups), never from file names.
 */
class FirstLoadBudgetPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(FirstLoadBudgetPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: FirstLoadBudgetPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => this.report(compilation),
      );
    });
  }

  private report(compilation: Compilation) {
    const loaded = (files: Iterable<string>) => [...files].filter((file) => /\.(js|css)$/.test(file));
    const groupFiles = (name: string, withAsyncChildren: boolean): string[] => {
      const group = compilation.namedChunkGroups.get(name);
      if (!group) {
        compilation.errors.push(
          new WebpackError(`First-load budget: no chunk group named "${name}" (see src/app/AppRoutes.tsx)`),
        );
        return [];
      }
      const groups = [group];
      if (withAsyncChildren) for (const each of groups) groups.push(...each.getChildren());
      return groups.flatMap((each) => loaded(each.getFiles()));
    };
    const asset = (name: string) => ({ name, content: compilation.getAsset(name)!.source.buffer() });

    const entryFiles = loaded(compilation.entrypoints.get('main')!.getFiles());
    const routeFiles = (route: RouteChunks, withAsyncChildren: boolean) =>
      new Set(route.chunkGroups.flatMap((name) => groupFiles(name, withAsyncChildren)));
    const first = sizeList([...new Set([...entryFiles, ...routeFiles(FIRST_LOAD, false)])].map(asset));
    const mapFiles = [...routeFiles(MAP_ROUTE, true)].filter((file) => !entryFiles.includes(file)).map(asset);
    const workerPath = path.join(compilation.compiler.context, MAP_WORKER);
    if (fs.existsSync(workerPath))
      mapFiles.push({ name: `/vendor/${path.basename(MAP_WORKER)}`, content: fs.readFileSync(workerPath) });
    const map = sizeList(mapFiles);

    const { route, budgetKb, targetKb } = FIRST_LOAD;
    console.log(
      [
        `First load (${route}): ${kb(first.total)} KB gzip of ${budgetKb} KB budget (target ${targetKb} KB, docs/adr/008-first-load-budget.md)`,
        ...first.lines,
        `Map route (${MAP_ROUTE.route}) loads on top of the entry, antd's theme, map engine and its worker included: ${kb(map.total)} KB gzip`,
        ...map.lines,
      ].join('\n'),
    );
    if (first.total > budgetKb * 1000)
      compilation.errors.push(
        new WebpackError(
          `First load (${route}) is ${kb(first.total)} KB gzip, over its ${budgetKb} KB budget`,
        ),
      );
  }
}

/** Text assets worth compressing; source maps are fetched by developers only. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/**
 * Emits a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) sibling of every text asset, so the server
 * sends compressed bytes without compressing at request time (@fastify/static `preCompressed`).
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap(PrecompressPlugin.name, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PrecompressPlugin.name, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!COMPRESSIBLE.test(name)) continue;
            const content = compilation.getAsset(name)!.source.buffer();
            // Every asset gets both siblings, however small: @fastify/static `preCompressed` answers 404
            // (not the plain file) to a browser accepting br/gzip when a sibling is missing, which broke
            // lazy chunks under 1 KB (antd-theme, settings) in the browser.
            const info = { compressed: true, immutable: compilation.getAsset(name)!.info.immutable };
            const brotli = zlib.brotliCompressSync(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli), info);
            compilation.emitAsset(
              `${name}.gz`,
              new sources.RawSource(zlib.gzipSync(content, { level: 9 })),
              info,
            );
          }
        },
      );
    });
  }
}

/** Builds the browser app into dist/ with content-hashed file names (the server caches them for a year). */
export default function config(_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration {
  const mode = argv.mode ?? 'production';
  const root = process.cwd();
  return {
    mode,
    entry: path.join(root, 'src/index.tsx'),
    output: {
      path: path.join(root, 'dist'),
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      publicPath: '/',
      clean: true,
    },
    devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      alias: {
        // antd/locale/* are CommonJS re-exports of antd/lib (a second, untree-shakable copy of antd's locale
        // and date-picker code); antd/es/locale/* are the same objects as ES modules.
        'antd/locale': path.join(root, 'node_modules/antd/es/locale'),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: { loader: 'ts-loader', options: { transpileOnly: true, compilerOptions: { noEmit: false } } },
        },
        // antd's inputs import their Form context from a module that also imports @rc-component/form, which
        // does not declare itself free of side effects: without this its whole form stack (with
        // async-validator) would come along with every Input, e.g. into the first load of /login.
        { test: /[\\/]node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/, sideEffects: false },
        // The message catalogues without the texts only the server formats (serverOnlyMessagePrefixes.json).
        {
          test: /[\\/]translations[\\/][a-z]{2}\.json$/,
          type: 'json',
          parser: { parse: browserCatalogue },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|svg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: path.join(root, 'public/index.html'), scriptLoading: 'defer' }),
      new MiniCssExtractPlugin({
        filename: '[name].[contenthash:8].css',
        chunkFilename: '[name].[contenthash:8].css',
      }),
      ...(mode === 'production' ? [new FirstLoadBudgetPlugin(), new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify })],
      splitChunks: { chunks: 'async' },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
