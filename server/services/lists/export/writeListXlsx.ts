import ExcelJS from 'exceljs';
import type { ListExportTable } from './ListExportTable';

/** The list as an Excel workbook: one sheet, a frozen header row with a filter, numbers as numbers. */
export async function writeListXlsx(table: ListExportTable, sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Parcel Atlas';
  // Excel allows 31 characters and none of : \ / ? * [ ] in a sheet name.
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'List', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((column) => ({
    header: column.name,
    key: column.name,
    width: Math.max(10, Math.min(40, column.name.length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const { values } of table.rows) sheet.addRow(values);
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
