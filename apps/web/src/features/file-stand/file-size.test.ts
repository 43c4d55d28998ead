import { describe, expect, it } from 'vitest';
import { fileSize, typeLabel } from './file-size';

describe('file stand sizes (§9: 1 MB = 1,048,576 bytes)', () => {
  it('shows MB from 1,048,576 bytes with two decimals and thousands separators, KB below', () => {
    expect(fileSize(1_048_576)).toEqual({ unit: 'MB', value: '1.00' });
    expect(fileSize(1_572_864)).toEqual({ unit: 'MB', value: '1.50' });
    expect(fileSize(1_048_575)).toEqual({ unit: 'KB', value: '1,024.0' });
    expect(fileSize(2_048)).toEqual({ unit: 'KB', value: '2.0' });
    expect(fileSize(1_048_576 * 1500)).toEqual({ unit: 'MB', value: '1,500.00' });
  });
  it('labels the type by the key extension', () => {
    expect(typeLabel('ab.docx')).toBe('DOCX');
    expect(typeLabel('noext')).toBe('');
  });
});
