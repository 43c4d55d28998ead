/** §9: 1 MB = 1,048,576 bytes; 1 KB = 1,024 bytes. */
export const KB = 1024;
export const MB = 1_048_576;

/** A file size for the file stand: MB with two decimals from 1 MB, KB with one decimal below. */
export function fileSize(bytes: number): { unit: 'MB' | 'KB'; value: string } {
  if (bytes >= MB) return { unit: 'MB', value: (bytes / MB).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) };
  return { unit: 'KB', value: (bytes / KB).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }) };
}

/** The short type label of a stored key (its extension): 'PNG', 'PDF', 'DOCX'… */
export function typeLabel(key: string): string {
  const dot = key.lastIndexOf('.');
  return dot < 0 ? '' : key.slice(dot + 1).toUpperCase();
}
