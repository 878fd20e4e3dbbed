import { stringify } from 'csv-stringify/sync';
import type { ExportTable } from './ListExportTable';

/** The byte order mark that makes Excel read the file as UTF-8 (umlauts intact). */
const UTF8_BOM = '\uFEFF';

/**
 * The list as CSV for spreadsheets: UTF-8 with a BOM, semicolons between fields (the list separator of
 * Swiss German, French and Italian Excel), CRLF line ends, quoted where a value needs it.
 */
export function writeListCsv(table: ExportTable): Buffer {
  const text = stringify(
    [table.columns.map((column) => column.name), ...table.rows.map((row) => row.values)],
    {
      delimiter: ';',
      record_delimiter: 'windows',
      cast: { number: (value) => String(value) },
    },
  );
  return Buffer.from(UTF8_BOM + text, 'utf8');
}
