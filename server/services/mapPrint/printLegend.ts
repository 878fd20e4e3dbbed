import type PDFDocument from 'pdfkit';
import {
  dataLayerLegend,
  RESERVE_LEGEND_ITEMS,
  solarLegendItems,
  type LegendItem,
} from '../../../src/contract/LayerLegends';
import type { MapLayerId } from '../../../src/contract/MapLayers';
import type { LanguageTranslator } from '../i18n/ServerTranslator';
import { MAP_COLORS } from '../reports/pdf/mapMarks';
import { PDF_COLORS } from '../reports/pdf/sectionBlocks';
import type { ClassesShown } from './drawPrintMap';
import { isPrintedLayer, type PrintedLayerId } from './printContent';

type Doc = InstanceType<typeof PDFDocument>;

/** One line of the legend: a layer's name, or a class with its swatch. */
type LegendEntry =
  | { kind: 'heading'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'swatch'; text: string; draw: (doc: Doc, x: number, y: number) => void };

const ROW = 8.6;
const SWATCH = 9;
const COLUMN_GAP = 10;
const FONT_SIZE = 6.5;

const itemsOf = (id: PrintedLayerId): readonly LegendItem[] =>
  id === 'building-reserve'
    ? RESERVE_LEGEND_ITEMS
    : id === 'solar'
      ? solarLegendItems()
      : dataLayerLegend(id).items;

const POINT_LAYERS: ReadonlySet<MapLayerId> = new Set(['heritage', 'fix-points']);

/**
 * The legend's lines: parcels and buildings, the layers a plan cannot show named as not printed, then
 * each switched-on layer with the classes the frame shows (or "nothing in this extent").
 */
export function legendEntries(
  layers: readonly MapLayerId[],
  shown: ClassesShown,
  t: LanguageTranslator,
): LegendEntry[] {
  const entries: LegendEntry[] = [
    {
      kind: 'swatch',
      text: t.t('print.pdf.parcels'),
      draw: (doc, x, y) => doc.rect(x, y, SWATCH, 6.5).lineWidth(0.6).stroke(MAP_COLORS.frame),
    },
    {
      kind: 'swatch',
      text: t.t('report.map.buildings'),
      draw: (doc, x, y) => doc.rect(x, y, SWATCH, 6.5).fill(MAP_COLORS.otherBuilding),
    },
  ];
  const notPrinted = layers.filter((id) => !isPrintedLayer(id));
  if (notPrinted.length > 0) {
    entries.push({
      kind: 'note',
      text: t.t('print.pdf.notPrinted', {
        layers: notPrinted.map((id) => t.t(`layers.name.${id}`)).join(', '),
      }),
    });
  }
  for (const id of layers.filter(isPrintedLayer)) {
    entries.push({ kind: 'heading', text: t.t(`layers.name.${id}`) });
    const present = shown.get(id) ?? new Set<string>();
    const items = itemsOf(id).filter((item) => present.has(item.value));
    if (items.length === 0) entries.push({ kind: 'note', text: t.t('print.pdf.noData') });
    for (const item of items) {
      entries.push({
        kind: 'swatch',
        text: t.t(item.labelKey),
        draw: POINT_LAYERS.has(id)
          ? (doc, x, y) => doc.circle(x + SWATCH / 2, y + 3.25, 2.6).fill(item.colour)
          : (doc, x, y) => {
              doc.save();
              doc.fillOpacity(0.7).rect(x, y, SWATCH, 6.5).fill(item.colour);
              doc.restore();
            },
      });
    }
  }
  return entries;
}

/** The text cut to `width` with an ellipsis (one line never wraps onto a new page). */
function fitted(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * The legend in columns inside the box (top to bottom, then the next column): every column as wide
 * as the widest line allows within the box, a layer's name never the last line of a column, and the
 * lines that do not fit summed up as "+ N more". Nothing is drawn outside the box.
 */
export function drawLegend(
  doc: Doc,
  entries: readonly LegendEntry[],
  box: { x: number; y: number; width: number; height: number },
  t: LanguageTranslator,
): void {
  const rows = Math.max(1, Math.floor(box.height / ROW));
  const fontOf = (entry: LegendEntry) => (entry.kind === 'heading' ? 'semibold' : 'regular');
  const indent = (entry: LegendEntry) => (entry.kind === 'swatch' ? SWATCH + 4 : 0);
  const widest = Math.max(
    ...entries.map((entry) => {
      doc.font(fontOf(entry)).fontSize(FONT_SIZE);
      return indent(entry) + doc.widthOfString(entry.text);
    }),
  );
  const columns = Math.max(1, Math.floor((box.width + COLUMN_GAP) / (Math.min(widest, 150) + COLUMN_GAP)));
  const columnWidth = (box.width + COLUMN_GAP) / columns - COLUMN_GAP;
  // Slots: column-major, a heading moved on when it would close a column.
  const placed: { entry: LegendEntry; column: number; row: number }[] = [];
  let column = 0;
  let row = 0;
  for (const entry of entries) {
    if (entry.kind === 'heading' && row === rows - 1) {
      column++;
      row = 0;
    }
    if (column >= columns) break;
    placed.push({ entry, column, row });
    row++;
    if (row === rows) {
      column++;
      row = 0;
    }
  }
  if (placed.length < entries.length) {
    const last = placed.pop();
    if (last) {
      const more = entries.length - placed.length;
      placed.push({ ...last, entry: { kind: 'note', text: t.t('print.pdf.more', { count: more }) } });
    }
  }
  for (const { entry, column: c, row: r } of placed) {
    const x = box.x + c * (columnWidth + COLUMN_GAP);
    const y = box.y + r * ROW;
    if (entry.kind === 'swatch') entry.draw(doc, x, y + 0.5);
    doc
      .font(fontOf(entry))
      .fontSize(FONT_SIZE)
      .fillColor(entry.kind === 'note' ? PDF_COLORS.muted : PDF_COLORS.text);
    const left = x + indent(entry);
    doc.text(fitted(doc, entry.text, columnWidth - indent(entry)), left, y, { lineBreak: false });
  }
}
