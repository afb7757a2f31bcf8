// Draws the Data Processing Agreement as a real, multi-page A4 PDF in the browser. pdf-lib is loaded
// only when someone asks for the file, so the legal pages stay light.
import type { PDFFont, PDFPage } from "pdf-lib";
import { type DpaDocument, dpaDocument } from "./dpa-content.ts";

export const DPA_PDF_FILENAME = "kairo-dpa.pdf";

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = { x: 64, top: 72, bottom: 72 };
const CONTENT_WIDTH = PAGE.width - MARGIN.x * 2;
const BULLET_INDENT = 14;

const TEXT = { size: 10.5, leading: 15.5 };
const HEADING = { size: 12.5, leading: 18 };
const TITLE = { size: 22, leading: 28 };

/**
 * Splits text into lines no wider than `maxWidth`, breaking between words, and inside a word only
 * when the word alone is too wide. `measure` returns a string's width.
 */
export function wrapText(text: string, measure: (s: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    while (measure(line) > maxWidth && line.length > 1) {
      let cut = line.length - 1;
      while (cut > 1 && measure(line.slice(0, cut)) > maxWidth) cut--;
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Builds the PDF and returns its bytes. */
export async function buildDpaPdf(doc: DpaDocument = dpaDocument, now = new Date()): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} - ${doc.signature.entity}`);
  pdf.setAuthor(doc.signature.entity);
  pdf.setSubject(doc.summary);
  pdf.setCreator("Kairo");
  pdf.setCreationDate(now);
  pdf.setModificationDate(now);

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const italic = await pdf.embedFont(StandardFonts.HelveticaOblique);
  const ink = rgb(0.06, 0.09, 0.16);
  const muted = rgb(0.39, 0.45, 0.55);
  const accent = rgb(0.06, 0.46, 0.43);
  const rule = rgb(0.82, 0.85, 0.89);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN.top;

  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN.top;
  };
  /** Starts a new page unless `height` more points fit on this one. */
  const ensure = (height: number) => {
    if (y - height < MARGIN.bottom) newPage();
  };
  const write = (
    text: string,
    opts: { font: PDFFont; size: number; leading: number; indent?: number; color?: ReturnType<typeof rgb> },
  ) => {
    const indent = opts.indent ?? 0;
    const lines = wrapText(text, (s) => opts.font.widthOfTextAtSize(s, opts.size), CONTENT_WIDTH - indent);
    for (const line of lines) {
      ensure(opts.leading);
      y -= opts.leading;
      page.drawText(line, {
        x: MARGIN.x + indent,
        y,
        size: opts.size,
        font: opts.font,
        color: opts.color ?? ink,
      });
    }
  };
  const body = { font: regular, size: TEXT.size, leading: TEXT.leading };

  // Title block
  page.drawText(doc.signature.entity.toUpperCase(), {
    x: MARGIN.x,
    y: y - 10,
    size: 9,
    font: bold,
    color: accent,
  });
  y -= 18;
  write(doc.title, { font: bold, size: TITLE.size, leading: TITLE.leading });
  write(`Last updated: ${doc.date}`, { ...body, color: muted });
  y -= 10;
  write(doc.summary, body);
  y -= 8;
  page.drawLine({
    start: { x: MARGIN.x, y },
    end: { x: PAGE.width - MARGIN.x, y },
    thickness: 0.75,
    color: rule,
  });
  y -= 6;

  for (const section of doc.sections) {
    // Keep a heading with at least two lines of its text.
    ensure(HEADING.leading + 10 + TEXT.leading * 2);
    y -= 10;
    write(section.title, { font: bold, size: HEADING.size, leading: HEADING.leading });
    for (const block of section.body) {
      y -= 4;
      if (typeof block === "string") {
        write(block, body);
        continue;
      }
      for (const item of block) {
        ensure(TEXT.leading);
        page.drawText("•", {
          x: MARGIN.x + 3,
          y: y - TEXT.leading,
          size: TEXT.size,
          font: regular,
          color: accent,
        });
        write(item, { ...body, indent: BULLET_INDENT });
        y -= 2;
      }
    }
  }

  // Signature block, kept together on one page.
  const sig = doc.signature;
  ensure(150);
  y -= 28;
  write(sig.heading, { font: bold, size: HEADING.size, leading: HEADING.leading });
  y -= 40;
  page.drawText(sig.entity, { x: MARGIN.x + 4, y: y + 6, size: 20, font: italic, color: accent });
  page.drawLine({ start: { x: MARGIN.x, y }, end: { x: MARGIN.x + 220, y }, thickness: 0.75, color: ink });
  write(sig.signatory, body);
  write(`Date: ${sig.date}`, body);
  y -= 8;
  write(sig.note, { ...body, color: muted });

  // Running footer with page numbers, drawn once the page count is known.
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    const label = `${doc.title} · ${sig.entity}`;
    const number = `Page ${i + 1} of ${pages.length}`;
    p.drawText(label, { x: MARGIN.x, y: 36, size: 8.5, font: regular, color: muted });
    p.drawText(number, {
      x: PAGE.width - MARGIN.x - regular.widthOfTextAtSize(number, 8.5),
      y: 36,
      size: 8.5,
      font: regular,
      color: muted,
    });
  });

  return pdf.save();
}

/** Builds the PDF and hands it to the browser as a download named kairo-dpa.pdf. */
export async function downloadDpaPdf(): Promise<void> {
  const bytes = await buildDpaPdf();
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: "application/pdf" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = DPA_PDF_FILENAME;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start reading the file before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
