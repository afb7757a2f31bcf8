import { PDFDocument, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { dpaDocument } from "./dpa-content.ts";
import { buildDpaPdf, wrapText } from "./dpa-pdf.ts";

const byChars = (s: string) => s.length;

describe("wrapText", () => {
  it("breaks between words and never exceeds the width", () => {
    const lines = wrapText("the quick brown fox jumps over the lazy dog", byChars, 10);
    expect(lines).toEqual(["the quick", "brown fox", "jumps over", "the lazy", "dog"]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(10);
  });

  it("splits a word that is wider than a whole line", () => {
    expect(wrapText("a supercalifragilistic b", byChars, 8)).toEqual(["a", "supercal", "ifragili", "stic b"]);
  });

  it("collapses extra whitespace and returns nothing for empty text", () => {
    expect(wrapText("  one \n two  ", byChars, 20)).toEqual(["one two"]);
    expect(wrapText("   ", byChars, 20)).toEqual([]);
  });
});

describe("buildDpaPdf", () => {
  it("uses only characters the standard PDF fonts can draw", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const texts = [
      dpaDocument.title,
      dpaDocument.summary,
      ...dpaDocument.sections.flatMap((s) => [s.title, ...s.body.flat()]),
      ...Object.values(dpaDocument.signature),
    ];
    for (const text of texts) expect(() => font.encodeText(text)).not.toThrow();
  });

  it("produces a valid PDF of several A4 pages with the agreement's metadata", async () => {
    const bytes = await buildDpaPdf(dpaDocument, new Date("2025-10-17T12:00:00Z"));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const loaded = await PDFDocument.load(bytes);
    expect(loaded.getPageCount()).toBeGreaterThanOrEqual(2);
    const { width, height } = loaded.getPage(0).getSize();
    expect(Math.round(width)).toBe(595);
    expect(Math.round(height)).toBe(842);
    expect(loaded.getTitle()).toContain("Data Processing Agreement");
    expect(loaded.getAuthor()).toBe(dpaDocument.signature.entity);
  });
});
