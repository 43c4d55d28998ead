/**
 * Test support (loose PDF text extraction for an uncompressed pdfkit document): pdfkit writes text as glyph
 * codes (`[<0001…> 0] TJ`) with a ToUnicode CMap per embedded font. Every TJ/Tj string is decoded with every
 * CMap of the file; a check then looks for its text among the candidates.
 */
export function pdfTextCandidates(pdf: Buffer): string[] {
  const s = pdf.toString('latin1');
  const maps: Array<Map<number, string>> = [];
  for (const cmap of s.matchAll(/begincmap([\s\S]*?)endcmap/g)) {
    const map = new Map<number, string>();
    const body = cmap[1] ?? '';
    for (const block of body.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const r of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const start = parseInt(r[1] ?? '0', 16);
        const end = parseInt(r[2] ?? '0', 16);
        const dst = r[3] ?? '';
        if (dst.startsWith('[')) {
          // A ligature maps to several code units, written with a space inside (`<0066 0066>` for "ff").
          [...dst.matchAll(/<([0-9a-fA-F\s]+)>/g)].forEach((d, i) => map.set(start + i, hexToUtf16((d[1] ?? '').replace(/\s/g, ''))));
        } else {
          const base = parseInt(dst.slice(1, -1), 16);
          for (let c = start; c <= end; c += 1) map.set(c, String.fromCodePoint(base + c - start));
        }
      }
    }
    for (const block of body.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const r of (block[1] ?? '').matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) map.set(parseInt(r[1] ?? '0', 16), hexToUtf16((r[2] ?? '').replace(/\s/g, '')));
    }
    maps.push(map);
  }
  const out: string[] = [];
  for (const tj of s.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const hex = [...(tj[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1] ?? '').join('');
    for (const map of maps) {
      let text = '';
      for (let i = 0; i + 4 <= hex.length; i += 4) text += map.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
      out.push(text);
    }
  }
  return out;
}

function hexToUtf16(hex: string): string {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
}
