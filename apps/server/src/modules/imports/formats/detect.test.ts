import { describe, expect, it } from 'vitest';
import { detectFormat, xlsxTemplate } from './index';
import { bytesOf } from './test-helpers';

describe('detectFormat', () => {
  it('goes by the extension first', () => {
    expect(detectFormat('bank.GIFT', bytesOf('anything'))).toBe('gift');
    expect(detectFormat('export.xml', bytesOf('x'))).toBe('moodle-xml');
    expect(detectFormat('sheet.csv', bytesOf('x'))).toBe('csv');
    expect(detectFormat('sheet.xlsx', bytesOf('x'))).toBe('xlsx');
  });

  it('sniffs text files and files without a known extension', async () => {
    expect(detectFormat('quiz.txt', bytesOf('Which?\nA. x\nB. y\nANSWER: B\n'))).toBe('aiken');
    expect(detectFormat('quiz.txt', bytesOf('::Q1:: Which? {=x ~y}'))).toBe('gift');
    expect(detectFormat('quiz.txt', bytesOf('Which? {\n=x\n~y\n}'))).toBe('gift');
    expect(detectFormat('download', bytesOf('\uFEFF<?xml version="1.0"?>\n<quiz><question/></quiz>'))).toBe(
      'moodle-xml',
    );
    expect(detectFormat('download', bytesOf('name,stem,choice_a,choice_b,correct\n'))).toBe('csv');
    expect(detectFormat('download', await xlsxTemplate(['Subject', 'Category', 'Subcategory']))).toBe('xlsx');
  });

  it('gives null for what it does not know', () => {
    expect(detectFormat('notes.txt', bytesOf('Just some notes.'))).toBeNull();
    expect(detectFormat('photo', new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(detectFormat('archive.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toBeNull();
    expect(detectFormat('empty', new Uint8Array())).toBeNull();
  });
});
