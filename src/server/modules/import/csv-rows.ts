// A CSV file's records (csv-parse), with the row limit and a readable error for a broken file.
import { CsvError, parse } from "csv-parse/sync";
import { IMPORT_MAX_ROWS } from "#shared/contracts/import.ts";
import { AppError } from "#shared/errors/app-error.ts";

/** The records, the header first; each is its row in the file (row 1 is the header). */
export function csvRecords(text: string, what: string): string[][] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      // One past the limit, to know the file is over it without reading all of it.
      to: IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      const message = `This is not a readable ${what}: ${err.message.replace(/^Invalid [^:]*: /, "")}${line && !/line \d/.test(err.message) ? ` (near line ${line})` : ""}.`;
      throw new AppError("VALIDATION", message, { fields: { data: message } });
    }
    throw err;
  }
  if (records.length > IMPORT_MAX_ROWS + 1) {
    const message = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows, the most one import takes. Split it and import each part.`;
    throw new AppError("PAYLOAD_TOO_LARGE", message, { fields: { data: message } });
  }
  return records;
}

export const isBlank = (record: readonly string[]) => record.every((cell) => cell.trim() === "");
