import { describe, expect, it } from 'vitest';
import { productCsvMessages as m } from './csv-messages';

// The import's refusals name the column, the row or the value at fault, so a spreadsheet
// user can find the cell; each is checked for what it must name.
describe('product CSV messages', () => {
  it('name the file-level problem and its size', () => {
    expect(m.fileTooLarge(10)).toBe(
      'The file is larger than 10 MB. Split it into smaller files and import each.',
    );
    expect(m.missingColumns(['Title', 'SKU'])).toBe(
      'The header row needs the columns Title, SKU. Export the products to see them.',
    );
    expect(m.duplicateColumn('Price')).toBe('The column Price appears twice in the header row.');
  });

  it('count refused rows in the right number', () => {
    expect(m.rowsRefused(1)).toBe(
      '1 row is refused. Fix it and import again, or skip refused rows.',
    );
    expect(m.rowsRefused(3)).toBe(
      '3 rows are refused. Fix them and import again, or skip refused rows.',
    );
  });

  it('name the cell, the value and the other row', () => {
    expect(m.cell('Stock', m.wholeNumber)).toBe('Stock: enter a whole number of 0 or more');
    expect(m.unknownType(['Physical', 'Digital'])).toBe('use one of Physical, Digital');
    expect(m.unknownCollection('Shop')).toBe('no product collection is called “Shop”');
    expect(m.unknownCategory('Mugs/Blue', 'Shop')).toContain('“Mugs/Blue”');
    expect(m.unknownProduct('p1')).toContain('the ID p1');
    expect(m.skuOfOther('MUG-1', 'Mug')).toContain('“Mug”');
    expect(m.skuRepeated('MUG-1', 4)).toBe('the SKU MUG-1 is also on row 4');
    expect(m.urlRepeated('mug', 5)).toBe('the URL mug is also used by row 5');
    expect(m.newVariant('MUG-2')).toContain('SKU MUG-2');
    expect(m.productColumnsDiffer(2)).toContain('row 2');
    expect(m.sameProductRefused(7)).toContain('row 7');
    expect(m.tooManyOptions(3)).toBe('a product can have at most 3 options');
    expect(m.oneRowOnly('digital')).toContain('a digital product has one row');
  });
});
