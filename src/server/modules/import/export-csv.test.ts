// The export's cells: what a spreadsheet would run as a formula is escaped; times on the wall clock.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { spreadsheetSafe, toCsv, wallText } from "./export-csv.ts";

describe("spreadsheetSafe", () => {
  it("prefixes = + - @ tab and carriage return with an apostrophe", () => {
    for (const bad of ["=1+1", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\rx"])
      expect(spreadsheetSafe(bad)).toBe(`'${bad}`);
  });
  it("leaves other text, numbers and empty cells alone", () => {
    expect(spreadsheetSafe("Buy milk")).toBe("Buy milk");
    expect(spreadsheetSafe(" =not first")).toBe(" =not first");
    expect(spreadsheetSafe(-5)).toBe(-5);
    expect(spreadsheetSafe(null)).toBe("");
  });
});

it("toCsv quotes what needs quoting and round-trips", () => {
  const text = toCsv(["A", "B"], [['Say "hi", then =go', 3]]);
  expect(text).toBe('A,B\r\n"Say ""hi"", then =go",3\r\n');
  expect(parse(text)).toEqual([
    ["A", "B"],
    ['Say "hi", then =go', "3"],
  ]);
});

it("wallText shows the person's wall clock", () => {
  expect(wallText(new Date("2026-07-01T08:30:00Z"), "Europe/Lisbon")).toBe("2026-07-01 09:30");
  expect(wallText(null, "UTC")).toBeNull();
});
