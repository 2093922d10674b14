// What the product CSV import tells the merchant about a row it refuses (issue 18). Each
// names the column, so a spreadsheet user knows which cell to fix.

const list = (names: readonly string[]) => names.join(', ');

export const productCsvMessages = {
  fileTooLarge: (megabytes: number) =>
    `The file is larger than ${megabytes} MB. Split it into smaller files and import each.`,
  notCsv: 'Send the CSV file itself (Content-Type: text/csv).',
  noHeader: 'The file has no header row. Export the products first to get a file with the columns.',
  missingColumns: (names: readonly string[]) =>
    `The header row needs the columns ${list(names)}. Export the products to see them.`,
  duplicateColumn: (name: string) => `The column ${name} appears twice in the header row.`,
  noRows: 'The file has a header row but no products.',
  rowsRefused: (count: number) =>
    `${count} ${count === 1 ? 'row is' : 'rows are'} refused. Fix ${count === 1 ? 'it' : 'them'} and import again, or skip refused rows.`,
  cell: (column: string, message: string) => `${column}: ${message}`,
  yesNo: 'write yes or no',
  wholeNumber: 'enter a whole number of 0 or more',
  unknownType: (types: readonly string[]) => `use one of ${list(types)}`,
  unknownCollection: (name: string) => `no product collection is called “${name}”`,
  chooseCollection: 'name the product collection to add the product to',
  unknownCategory: (path: string, collection: string) =>
    `the collection “${collection}” has no category “${path}”. Create it in the product editor first.`,
  unknownProduct: (id: string) =>
    `no product has the ID ${id}. Leave Product ID empty to create a product.`,
  skuNeeded: 'enter the SKU of the variant to change',
  skuOfOther: (sku: string, title: string) =>
    `the SKU ${sku} belongs to another product, “${title}”. Give the row that product's ID to change it, or use another SKU.`,
  skuRepeated: (sku: string, row: number) => `the SKU ${sku} is also on row ${row}`,
  urlRepeated: (url: string, row: number) => `the URL ${url} is also used by row ${row}`,
  newVariant: (sku: string) =>
    `the product has no variant with the SKU ${sku}. Add new variants in the product editor.`,
  optionsFixed: 'the options of an existing variant cannot be changed by import',
  typeFixed: 'the type of an existing product cannot be changed',
  collectionFixed: 'an existing product cannot move to another collection by import',
  productColumnsDiffer: (row: number) =>
    `differs from row ${row} of the same product; product columns must match or be left empty`,
  sameProductRefused: (row: number) =>
    `not imported, because row ${row} of the same product is refused (a product is saved whole)`,
  tooManyOptions: (max: number) => `a product can have at most ${max} options`,
  oneRowOnly: (type: string) =>
    `a ${type} product has one row, as its price is on the product, not on variants`,
  notUtf8:
    'The file is not UTF-8 text. Save it from the spreadsheet as “CSV UTF-8” and import again.',
  titleNeeded: 'enter a title',
  urlInvalid: 'use lower-case letters, digits and single hyphens',
} as const;
