/**
 * Every message a person can see, verbatim from SPEC §4, §5 and §8, in one place.
 * Strings with placeholders are template functions so a caller cannot forget a value.
 * Nothing else in core spells a user-visible sentence; rules import from here.
 */

export const buttonLabels = {
  addToCart: 'Add To Cart',
  subscribe: 'Subscribe',
  adding: 'Adding…',
  added: 'Added!',
  selectOption: 'Select Option',
  soldOut: 'Sold Out',
  submitting: 'Submitting…',
  saving: 'Saving…',
  close: 'Close',
} as const;

export const addToCartMessages = {
  selectOption: (option: string) => `Please select the ${option} option.`,
  selectTwoOptions: (option1: string, option2: string) =>
    `Please select the ${option1} and ${option2} options.`,
  // SPEC: "three or more: comma list and 'and {lastOption}'" — the list is joined by
  // commas and the last one follows 'and' without a serial comma, the same shape as the
  // two-option sentence.
  selectManyOptions: (options: readonly string[], lastOption: string) =>
    `Please select the ${options.join(', ')} and ${lastOption} options.`,
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotANumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  giftCardDenomination: 'Select a denomination for the Gift Card',
} as const;

export const alertTitles = {
  unableToAddItem: 'Unable to Add Item',
  unableToPurchaseItem: 'Unable to Purchase Item',
  unableToPurchaseGiftCard: 'Unable to purchase Gift Card',
} as const;

export const cartMessages = {
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  tooManyRequests: 'Please try again in a few seconds.',
  unableToAddItem: 'Unable to add item',
  unableToUpdateQuantity: 'Unable to update quantity',
  unableToRemoveItem: 'Unable to remove item',
  unableToUpdateForm: 'Unable to update form',
  unableToOpenForm: 'Unable to open form',
  pleaseTryAgain: 'Please try again',
  checkConnection: 'Please check your internet connection',
  updateMissingInformation: 'Update the missing or invalid information above.',
  minimumSubtotal: (subtotal: string) =>
    `To check out, your order subtotal must be ${subtotal} or more.`,
  oneItem: 'One item in cart',
  items: (count: number) => `${count} items in cart`,
  moreThan: (count: number) => `More than ${count} items in cart`,
  manyBadge: '100+',
  added: (productName: string) => `${productName} was added to your cart.`,
} as const;

export const formMessages = {
  required: 'Required',
  emailInvalid: (email: string) =>
    `Email is not valid. Email addresses should follow the format ${email}.`,
  characterLimitExceeded: 'You have exceeded the character limit.',
  someFieldsInvalid: 'One or more fields is invalid, please check your entries.',
  completeCaptcha: 'Complete CAPTCHA before submitting.',
  unauthorized: 'Unable to submit form. Please try again later.',
  notConfigured: 'This form has not been configured yet.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  serverError: 'Unable to send form. Please try again later.',
  unknownError: 'Unknown error, please try again later.',
  submissionKeyFailed: 'Could not get a form submission key, please try again later.',
  parseFailed: 'Could not parse the form fields, please check your entries.',
  submitFailed: 'Error processing form submission. Please reload and try again.',
  problemAbove: 'Your form has encountered a problem. Please scroll down to review.',
  problemBelow: 'Your form has encountered a problem. Please scroll up to review.',
  captchaNotSetUp: 'ReCaptcha has not been set up!',
  // SPEC names a "site-key-not-found message" without its words; this is the plain reading.
  captchaSiteKeyNotFound: 'Captcha site key not found.',
} as const;

export const likertLabels = {
  stronglyDisagree: 'Strongly Disagree',
  disagree: 'Disagree',
  neutral: 'Neutral',
  agree: 'Agree',
  stronglyAgree: 'Strongly Agree',
} as const;

export const restockMessages = {
  emailBlank: 'Email cannot be blank',
  emailInvalid: 'Email is invalid',
  // No trailing full stop: SPEC writes this fallback without one, unlike the site-form 401.
  submitFailed: 'Unable to submit form. Please try again later',
  signedUp: 'Signed up!',
} as const;

export const installmentMessages = {
  pill: (installmentStr: string) => `or ${installmentStr} with`,
  availableUpTo: (amount: string) => `available for orders up to ${amount}`,
  availableOver: (amount: string) => `available for orders over ${amount}`,
  // SPEC leaves {installmentStr} unspelled; this is the wording shoppers see from the
  // installment brands themselves.
  payments: (count: number, amount: string) => `${count} interest-free payments of ${amount}`,
} as const;

export const colourMessages = {
  hueOutOfBounds: 'Hue out of bounds.',
  saturationOutOfBounds: 'Saturation out of bounds.',
  lightnessOutOfBounds: 'Lightness out of bounds.',
  alphaOutOfBounds: 'Alpha out of bounds.',
  missingHsl: 'Missing an H/S/L value',
  missingHsv: 'Missing an H/S/V value',
  // SPEC lists no words for a bad hex or RGB channel; these follow the sentences above.
  invalidHex: 'Hex must be 3 or 6 digits.',
  rgbOutOfBounds: 'RGB value out of bounds.',
  valueOutOfBounds: 'Value out of bounds.',
} as const;

export const commentLabels = {
  none: 'No Comments',
  one: '1 Comment',
  many: (count: number) => `${count} Comments`,
} as const;

export const timeMessages = {
  lessThanAMinute: 'less than a minute ago',
  // SPEC names the steps but shows only the under-a-minute sentence; the rest follow it.
  ago: (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`,
  invalidDate: 'Invalid date.',
  invalidDateDisplay: 'Invalid Date',
  unavailable: 'Unavailable',
} as const;

/**
 * Not in the spec, which shows no lockout sentence: ours. One answer for every throttled
 * or locked sign-in, the same whether the email belongs to a member or not.
 */
export const signInMessages = {
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
} as const;

export const editorMessages = {
  emailFormat: (email: string) => `Emails must be formatted as ${email}`,
  enterValidEmail: 'Please enter a valid email',
  linkFormat: (host1: string, host2: string) => `Links must be formatted as ${host1} or ${host2}`,
  invalidPageUrl: (val: string) => `${val} is not a valid page URL`,
  notAnExpectedOption: (val: string) => `${val} is not one of the expected options`,
  enterFileName: 'Please enter a file name',
  selectList: 'A List must be selected',
  datasetNeedsColumn: 'Your dataset must have at least one column',
  datasetNeedsRow: 'Your dataset must have at least one row',
  rowsMissingData: 'One or more rows was missing data',
  enterSomeData: 'Enter some data!',
  unsupportedFile: (fileName: string) =>
    `The file ${fileName} does not appear to be a supported file`,
  fileTooLarge: (fileName: string, maxSize: string) =>
    `The file ${fileName} is too large. The maximum allowed file size is ${maxSize}`,
  editOneTag: (tagType: string) => `You may only edit one ${tagType} at a time`,
  tagExists: (tagType: string) => `This ${tagType} already exists`,
  vimeoBasicUnsupported:
    'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
  codeEditingUnavailableOnAndroid: 'Code editing is not available on Android.',
  tryAgain: 'Try again',
  unableToLoadResults: 'Unable to load results',
  unableToLoadCollections: 'Unable to load collections',
  unableToLoadFonts: 'Unable to load fonts',
  unableToLoadFontPreview: (fontName: string) => `Unable to load preview for ${fontName}`,
  somethingWentWrong: 'Something went wrong',
  networkError: 'Network error',
  noJobResponseData: 'No response data from job request',
  fileProcessingFailed: 'File processing failed',
  fileProcessingCancelled: 'File processing cancelled',
  fileProcessingIncomplete: 'File processing failed to complete',
  fileUploadIncomplete: 'File upload failed to complete',
  errorUploading: 'Error uploading',
  unableToRenameFileTitle: 'Unable to Rename File',
  unableToRenameFile: 'There was a problem while renaming your file.',
  unableToUploadFileTitle: 'Unable to Upload File',
  unableToUploadFile: 'There was a problem while uploading your file.',
  unableToConnect: 'Unable to connect. Please try again.',
  unableToLocateContent: 'Unable to locate content',
  failedToLoadTimezone: 'Failed to load timezone',
  noMailingLists: "You don't have any mailing lists. Please create one before continuing",
  datasetRowsTruncated: (maxRows: number) => `Your dataset has been truncated to ${maxRows} rows`,
  datasetColumnsTruncated: (maxColumns: number) =>
    `Your dataset has been truncated to ${maxColumns} columns`,
  mainNavigationNotFound: 'Unable to find site main navigation',
  pageLocked: 'This page is locked',
} as const;
