/** Wraps an image in a one-page PDF with MuPDF, so PDF input is tested without a committed file. */
export async function buildPdfWithImage(png: Uint8Array, widthPt: number, heightPt: number): Promise<Uint8Array> {
  const mupdf = await import('mupdf');
  const document = new mupdf.PDFDocument();
  const image = document.addImage(new mupdf.Image(png));
  const resources = document.addObject({ XObject: { Im0: image } });
  const contents = `q ${widthPt} 0 0 ${heightPt} 0 0 cm /Im0 Do Q`;
  const page = document.addPage([0, 0, widthPt, heightPt], 0, resources, contents);
  document.insertPage(-1, page);
  const bytes = document.saveToBuffer('compress').asUint8Array().slice();
  document.destroy();
  return bytes;
}
