import {
  MAX_BLOCKS_PER_LAYOUT,
  MAX_CATEGORY_LENGTH,
  MAX_NESTED_CATEGORIES,
  MAX_PRODUCTS_PER_COLLECTION,
  MAX_TAG_LENGTH,
} from './limits/limits.ts';

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

/**
 * Site-form refusals SPEC does not word (issue 20): a hand-made submission with a field
 * the form does not have, or an answer of the wrong shape for its field.
 */
export const formSubmissionMessages = {
  unknownField: 'This form has no such field.',
  wrongShape: 'This answer is not of the kind the field takes.',
  /** The editor's form picker when the website has no form yet. */
  noForms: 'This website has no forms yet. Build one in Forms, then pick it here.',
  unknownBlockType: (type: string) => `No block type is called "${type}".`,
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
  // Our words (SPEC gives none): the server's refusals the form shows as data.message.
  notOffered: 'This product does not take restock sign-ups.',
  inStock: 'This option is in stock: you can buy it now.',
  variantGone: 'This option is no longer sold.',
} as const;

export const installmentMessages = {
  pill: (installmentStr: string) => `or ${installmentStr} with`,
  availableUpTo: (amount: string) => `available for orders up to ${amount}`,
  availableOver: (amount: string) => `available for orders over ${amount}`,
  // SPEC leaves {installmentStr} unspelled; this is the wording shoppers see from the
  // installment brands themselves.
  payments: (count: number, amount: string) => `${count} interest-free payments of ${amount}`,
  // The payment step's choice (issue 22's installment tender) and the schedule it makes.
  payInFull: (amount: string) => `Pay ${amount} now`,
  tender: (count: number, amount: string) =>
    `Pay in ${count} interest-free installments of ${amount}`,
  tenderHint: (intervalWeeks: number) =>
    `The first is charged today, the rest every ${intervalWeeks} weeks to the same card.`,
  paymentMethodLegend: 'How to pay',
  unavailable: 'Installments are not available for this order. Choose to pay in full.',
  scheduleHeading: 'Payment schedule',
  statusLabels: {
    scheduled: 'Scheduled',
    captured: 'Paid',
    failed: 'Failed',
    cancelled: 'Cancelled',
  },
  numberLabel: (n: number, count: number) => `${n} of ${count}`,
  placedEvent: (count: number, first: string) =>
    `Paying in ${count} installments; the first, ${first}, was charged at purchase`,
  capturedEvent: (n: number, amount: string) => `Installment ${n} of ${amount} charged`,
  retryEvent: (n: number, reason: string, when: string) =>
    `Installment ${n} could not be charged (${reason}); trying again ${when}`,
  failedEvent: (n: number, reason: string) =>
    `Installment ${n} failed after the last try (${reason}); customer and merchant emailed`,
  cancelledEvent: (count: number) =>
    `${count} scheduled installment${count === 1 ? '' : 's'} cancelled with the order`,
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

/**
 * Two-step verification (TOTP) for members and customers (issue 23). Not in the spec: ours,
 * in the words of the services shoppers and owners know.
 */
export const twoFactorMessages = {
  codeWrong: 'That code is not right. Check your authenticator app and try again.',
  codeUsed: 'That code was already used. Wait for the next one in your app.',
  recoveryWrong: 'That recovery code is not right or was already used.',
  challengeExpired: 'Your sign-in took too long. Please enter your email and password again.',
  alreadyOn: 'Two-step verification is already on.',
  notStarted: 'Start setting up two-step verification first.',
  notOn: 'Two-step verification is not on.',
  codeRequired: 'Please enter the code from your authenticator app.',
  passwordWrong: 'Your password is not correct.',
  title: 'Two-step verification',
  offIntro:
    'Protect your account with a second step at sign-in: a 6-digit code from an authenticator app on your phone.',
  onIntro: 'Signing in asks for a code from your authenticator app after your password.',
  recoveryLeft: (count: number) =>
    count === 1 ? '1 recovery code left.' : `${count} recovery codes left.`,
  start: 'Set up two-step verification',
  startIntro: 'Enter your password to start.',
  scan: 'Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator, 1Password or Authy).',
  qrLabel: 'QR code to add this account to an authenticator app',
  manualKey: 'Or type this key into the app:',
  confirmIntro: 'Then enter the 6-digit code the app shows.',
  codeLabel: 'Code from the app',
  confirm: 'Turn on',
  cancel: 'Cancel',
  turnedOn: 'Two-step verification is on.',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'If you lose your phone, each of these codes signs you in once. Save them somewhere safe now: they will not be shown again.',
  recoverySaved: 'I have saved my recovery codes',
  turnOff: 'Turn off two-step verification',
  turnOffIntro: 'Enter your password and a code from your app (or a recovery code).',
  turnedOff: 'Two-step verification is off.',
  signInTitle: 'Two-step verification',
  signInIntro: 'Enter the 6-digit code from your authenticator app.',
  signInCodeLabel: 'Code',
  signInCodeHint: 'The code from your authenticator app, or one of your recovery codes.',
  verify: 'Verify',
  startOver: 'Start again',
  /** Shown after turning it on or off: every other session of the person has ended. */
  otherDevicesSignedOut: 'Other devices have been signed out.',
  changedSubject: (site: string, isOn: boolean) =>
    `${site}: two-step verification was turned ${isOn ? 'on' : 'off'}`,
  changedBody: (input: { site: string; isOn: boolean; ifNotYou: string }) =>
    `Two-step verification was just turned ${input.isOn ? 'on' : 'off'} for your account at ${input.site}, and every other device was signed out.\n\n${input.ifNotYou}`,
  /** The notice's last line for a customer, who can reset their own password. */
  ifNotYouCustomer:
    'If this was not you, choose a new password with "Forgot password" on the sign-in page.',
  /** The notice's last line for a member of the site, whose access an administrator holds. */
  ifNotYouMember:
    'If this was not you, tell an administrator of the site straight away: they can remove your access and invite you again.',
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

/** Sentences the editor shows that SPEC does not spell; kept here so both sides agree. */
// The editor's API and screens: sentences SPEC does not spell, so both sides agree.
export const editorApiMessages = {
  signInFailed: 'That email and password do not match a member of this website.',
  ownerExists: 'This website already has an owner. Sign in instead.',
  passwordTooShort: 'Use at least 10 characters for the password.',
  signInRequired: 'Sign in to the editor to do that.',
  adminOnly: 'Only an administrator can change settings and members.',
  tooManyBlocks: `A page can hold at most ${MAX_BLOCKS_PER_LAYOUT} blocks. Remove one before adding another.`,
  slugTaken: (slug: string) => `Another page or collection already uses /${slug}.`,
  slugReserved: (slug: string) => `/${slug} is reserved by the store. Choose another URL.`,
  pageChanged: 'This page was changed in another window. Reload it to see the latest version.',
  homePageSlug: 'The home page always lives at /.',
  homePageDelete: 'The home page cannot be deleted.',
  publishFirst: 'Publish the page first.',
  publishForbidden:
    'Your role edits drafts but does not publish. Set the page to Needs Review and ask an editor to publish it.',
  scheduleInPast: 'Choose a time in the future to schedule publishing.',
  scheduleLivePage: 'This page is already live: publish the changes now instead of scheduling.',
  memberExists: 'That email already belongs to a member of this website.',
  lastAdmin: 'A website keeps at least one administrator.',
  lastAdminRemove:
    'This is the only administrator. Make another member an administrator before removing this one.',
  lastAdminDemote:
    'This is the only administrator. Make another member an administrator before changing this role.',
  memberNotFound: 'That member is no longer on this website.',
  invitationNotFound: 'That invitation was already accepted or withdrawn.',
  invitationInvalid:
    'This invitation link has expired or was already used. Ask an administrator to invite you again.',
  notAFolder: 'Only a folder has a folder behaviour.',
  socialImageMissing: 'That image is no longer in the file manager. Choose another.',
  sectionImageMissing:
    'A section’s background image is not in the file manager. Choose another image or another background.',
  unreadableBlockLabel: 'Needs attention',
  unreadableBlockType: (type: string | null) =>
    type === null ? 'Stored without a block type.' : `Stored as a "${type}" block.`,
  unreadableBlockHelp:
    'It is kept exactly as it was saved and is not shown on the public page. You can move or delete it, but not edit it here.',
  unreadableBlockChanged:
    'A block that needs attention can only be kept as it is, moved or deleted. Reload to see the saved version.',
} as const;

export const templateMessages = {
  invalid: 'The template has errors. Nothing was saved; the live site is unchanged.',
} as const;

export const videoMessages = {
  unsupported:
    'Use a YouTube or Vimeo link, such as https://www.youtube.com/watch?v=… or https://vimeo.com/….',
} as const;

/** Sentences the editor shows for a stored block it cannot read. */
export const blockMessages = {
  notABlock: 'This is not a block: it has no type.',
  unknownType: (type: string) => `This editor has no "${type}" block.`,
  badVersion: (version: string) => `Its version (${version}) is not a version number.`,
  newerVersion: (version: number, known: number) =>
    `It was saved by a newer version of the editor (block version ${version}; this one knows up to ${known}).`,
  badData: (detail: string) => `Its settings are not valid: ${detail}`,
} as const;

export const productMessages = {
  subscriptionNotOffered: 'Subscriptions are offered for physical and service products only.',
  subscriptionPlanNeeded: 'Choose a billing period for the subscription',
  variantsNeeded: 'Add at least one variant with a price',
  denominationsNeeded: 'Add at least one gift card amount',
  priceNeeded: 'Enter a price',
  priceNotPositive: 'A gift card amount must be more than 0',
  priceOnProduct: 'Digital products carry one price, on the product: send priceMoney instead',
  priceOnVariants: 'Only digital products have a price on the product; set it on each variant',
  amountUnreadable: 'Enter an amount such as 12.50',
  amountNegative: 'Prices cannot be negative',
  amountTooLarge: 'That price is too large',
  currency: (code: string) => `Prices must be in the store currency, ${code}`,
  saleBelowPrice: 'The sale price must be below the price',
  salePriceNeeded: 'Enter the sale price, or turn the sale off',
  tagTooLong: `Tags can be at most ${MAX_TAG_LENGTH} characters`,
  /** SPEC §2 tag and category manager, with the kind of label ("tag", "category"). */
  tagTypeExists: (tagType: string) => `This ${tagType} already exists`,
  oneTagTypeAtATime: (tagType: string) => `You may only edit one ${tagType} at a time`,
  tagNotFound: 'No product has this tag.',
  stockChanged: (current: number | null) =>
    current === null
      ? 'This variant was made unlimited meanwhile: check it and try again.'
      : `The stock changed to ${current} meanwhile: check it and try again.`,
  stockBelowZero: 'Stock cannot go below zero.',
  customTextNeeded: 'Enter the text for the button',
  bothOptionForms: 'Send either optionValues or attributes, not both',
  optionsMissing: (names: readonly string[]) => `Give a value for each option: ${names.join(', ')}`,
  optionsNeeded: 'Variants need option values to tell them apart',
  sameOptions: 'Another variant has the same options',
  duplicateSku: 'Two variants have the same SKU',
  duplicateOption: 'Each option can be listed once',
  shippingPhysicalOnly: 'Only physical products have a shipping weight and size',
  digitalFileDigitalOnly: 'Only digital products deliver a file',
  digitalFileUnknown: 'Choose a document, audio or ZIP file uploaded to this website',
  socialImageUnknown: 'Choose an image uploaded to this website',
  scheduleNeedsHidden:
    'A scheduled product stays hidden until its time: turn off Visible or clear the time',
  unknownVariant: 'This product has no variant with that id',
  variantListedTwice: 'This variant is listed twice',
  variantImage: "Choose one of the product's images",
  /** An edit conflict: the editor then shows what changed, theirs beside the merchant's. */
  productChanged: 'Someone else saved this product while you were editing it.',
} as const;

export const catalogMessages = {
  notProductCollection: 'Choose a product collection of this website',
  collectionFull: `A collection can hold at most ${MAX_PRODUCTS_PER_COLLECTION} products. Move some to another collection first.`,
  urlTaken: (urlId: string) => `The URL ${urlId} is already in use`,
  /** Names the product that has the SKU, so the merchant knows where to look. */
  skuTaken: (sku: string, productTitle: string) =>
    `The SKU ${sku} is already in use by ${productTitle}`,
  unknownMedia: 'Upload the image first: one of these is not an image of this website',
  unknownCategory: "Choose categories of the product's collection",
  unknownForm: 'Choose a form of this website: no form has this id',
  categoryNameNeeded: 'Enter a name',
  categoryNameTooLong: `Category names can be at most ${MAX_CATEGORY_LENGTH} characters`,
  tooManyCategories: `A collection can have at most ${MAX_NESTED_CATEGORIES} categories`,
  unknownParent: 'Choose a category of this collection',
  categoryNotFound: 'This category no longer exists: reload the categories',
  collectionNotFound: 'This store page no longer exists: reload the store pages',
  categoryIntoItself: 'A category cannot move into itself or one of its own subcategories',
  mergeIntoItself: 'Choose a category to merge into that is not one of those merged',
  collectionNotEmpty: (count: number) =>
    `This store page still holds ${count} ${count === 1 ? 'product' : 'products'}. Move or delete its products first.`,
  productsElsewhere: (count: number) =>
    `${count} of the selected ${count === 1 ? 'product is' : 'products are'} on another store page: a category holds products of its own store page only`,
} as const;

export const headerFooterMessages = {
  changedElsewhere:
    'The header and footer were changed in another window. Reload to see the latest version.',
  logoMissing: 'The chosen logo image no longer exists. Choose another image.',
} as const;

export const designMessages = {
  changedElsewhere: 'The design was changed in another window. Reload to see the latest version.',
  unknownFont: 'Choose a font from the list.',
} as const;

/** Sentences of the navigation API that SPEC does not spell. */
export const navigationMessages = {
  unknownId: (id: string) => `No page or collection of this site has the id ${id}.`,
  listedTwice: (title: string) => `“${title}” appears more than once in the navigation.`,
  onlyFoldersNest: (title: string) =>
    `“${title}” is not a folder: only folders can hold other pages.`,
  folderInFolder: (title: string) =>
    `The folder “${title}” cannot be placed inside another folder.`,
  oneTarget:
    'Each navigation item needs exactly one of collectionId, externalLink or memberAreaId.',
  linkFormat: editorMessages.linkFormat('https://example.com', 'mailto:name@example.com'),
} as const;

// Words a shopper reads at checkout. SPEC gives only the minimum-subtotal sentence
// (core's cartMessages.minimumSubtotal) and the stock sentence (addToCartMessages);
// the rest are plain, specific sentences so a shopper knows what to fix.
export const checkoutMessages = {
  emptyCart: 'Your cart is empty.',
  notFound: 'This checkout was not found. Please start again from your cart.',
  completed: 'This checkout has already been completed.',
  emailMissing: 'Enter your email address.',
  // Not in SPEC: the one-page checkout's own field messages (issue 29).
  emailInvalid: 'Enter an email address like ada@example.com.',
  nameMissing: 'Enter your full name.',
  addressLineMissing: 'Enter your street address.',
  cityMissing: 'Enter your city.',
  postalCodeMissing: 'Enter your postal code.',
  countryMissing: 'Choose your country.',
  cardNumberMissing: 'Enter your card number.',
  cardExpiryMissing: 'Enter the expiry date as MM/YY.',
  cardCvcMissing: 'Enter the security code.',
  cardNameMissing: 'Enter the name on the card.',
  addressMissing: 'Enter a shipping address.',
  shippingOptionMissing: 'Choose a shipping option.',
  shippingOptionUnavailable: 'That shipping option is not available for this order.',
  phoneMissing: 'Enter your phone number.',
  noShippingToAddress:
    'This store does not ship to this address. Check the country and region, or use another address.',
  // Not in SPEC: why a listed shipping option cannot be chosen (issue 29).
  shippingNotToCountry: 'Not available for this country.',
  shippingNotToRegion: 'Not available for this state or region.',
  shippingBelowMinimum: (minimum: string, missing: string) =>
    `Only for orders of ${minimum} or more (add ${missing}).`,
  shippingTooHeavy: (limit: string) => `Only for orders up to ${limit}.`,
  couponUnknown: 'That coupon code is not valid.',
  couponExpired: 'That coupon code has expired.',
  couponNotStarted: 'That coupon code is not active yet.',
  couponUsedUp: 'That coupon code has reached its usage limit.',
  // Not in SPEC: the coupon rules of issue 19 (once per customer, some products only).
  couponAlreadyUsed: 'You have already used this coupon code.',
  couponNotApplicable: 'That coupon code does not apply to the items in your cart.',
  giftCardUnknown: 'That gift card code is not valid.',
  giftCardEmpty: 'That gift card has no balance left.',
  giftCardVoided: 'That gift card was deactivated by the store and can no longer be used.',
  cardMissing: 'Enter your card details.',
  idempotencyKeyMissing: 'Send an Idempotency-Key header with each order.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different order request.',
  idempotencyKeyReserved: 'Idempotency-Key values starting with "subscription:" are reserved.',
  orderNotFound: 'Order not found',
  downloadExpired: 'This download link has expired. Open your order status page for a fresh link.',
  downloadNotFound: 'This download link is not valid.',
  downloadLimitReached:
    'This file has been downloaded as many times as this purchase allows. Contact the store if you need it again.',
  downloadWithdrawn:
    'This order was cancelled or refunded, so its download is no longer available.',
} as const;

// Words a merchant reads managing orders (issue 19); SPEC gives none for these.
export const orderAdminMessages = {
  notFound: 'Order not found',
  cancelled: 'This order was cancelled.',
  refunded: 'This order was refunded in full.',
  nothingToFulfil: 'Every item of this order has already been fulfilled.',
  cannotCancelFulfilled: 'A fulfilled order cannot be cancelled; refund it instead.',
  lineUnknown: 'That item is not part of this order.',
  tooManyToFulfil: 'That is more units than are waiting to be fulfilled.',
  tooManyToRefund: 'That is more units than are left to refund.',
  refundTooLarge: 'A refund cannot be more than what is left of the payment.',
  refundNothing: 'Choose items to refund or enter an amount.',
  refundFailed: 'The payment provider refused the refund; nothing was changed.',
  giftCardVoided:
    'A gift card this order was paid with has been voided, so nothing can go back onto it; refund less.',
} as const;

// Words about outgoing webhooks (issue 21); SPEC gives none for these.
export const webhookMessages = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  urlInvalid: 'Enter an http:// or https:// address without a user name or password.',
  urlUnresolvable: 'That address could not be found. Check the host name.',
  urlPrivate:
    'That address is on a private or local network. Webhooks can only be sent to public addresses.',
  eventsRequired: 'Choose at least one event',
  disabledMailSubject: (site: string) => `${site}: a webhook endpoint was turned off`,
} as const;

export const customerMessages = {
  notFound: 'Customer not found',
  noteTooLong: (max: number) => `A note can be at most ${max.toLocaleString('en-US')} characters.`,
} as const;

export const codeMessages = { android: 'Code editing is not available on Android.' } as const;

// Words about subscriptions (issue 22). SPEC shows only 'Unavailable' (the price fallback)
// and the periods; the rest are ours.
export const subscriptionMessages = {
  every: (value: number, unit: string) =>
    value === 1 ? `every ${unit}` : `every ${value} ${unit}s`,
  forDuration: (value: number, unit: string) => `for ${value} ${unit}${value === 1 ? '' : 's'}`,
  untilCancelled: 'until you cancel',
  notFound: 'Subscription not found',
  linkInvalid: 'This subscription link is not valid. Use the latest link the store emailed you.',
  notSubscribable: 'This product is not offered as a subscription.',
  subscribeInstead:
    'This product is sold as a subscription. Use its Subscribe button to start one.',
  oneSubscriptionPerCheckout: 'A subscription checkout holds one subscription product.',
  alreadyEnded: 'This subscription has ended.',
  notPaused: 'This subscription is not paused.',
  notActive: 'Only an active subscription can be paused.',
  nextDateInPast: 'Choose a date in the future.',
  nextDateTooFar: 'Choose a date within the next two years.',
  renewalOutOfStock: 'The item is out of stock.',
  cardUpdated: 'Your card was updated.',
  cardUpdatedAndPaid: 'Your card was updated and the overdue payment went through.',
  /** The card entered while past due was saved, but charging it failed (`reason` says why). */
  cardUpdatedPaymentFailed: (reason: string) =>
    `Your card was saved, but the overdue payment didn't go through. ${reason} Try another card.`,
  cancelled: 'Your subscription is cancelled. No further payments will be taken.',
  startedSubject: (site: string) => `${site}: your subscription has started`,
  renewalFailedSubject: (site: string) => `${site}: we couldn't take your subscription payment`,
  endedSubject: (site: string) => `${site}: your subscription has ended`,
  cancelledSubject: (site: string) => `${site}: your subscription is cancelled`,
} as const;

// Paywalls (issue 22): the lock screen (page type 103, whose title is
// `editorMessages.pageLocked`), the access link and the merchant's picker; SPEC gives
// only the title.
export const paywallMessages = {
  offerIntro: 'Buy access to see this page.',
  buy: 'Buy access',
  adding: 'Adding…',
  alreadyPurchased: 'Already purchased? Use the link in your confirmation email.',
  accessInvalid: 'This access link is not valid. Use the link in your confirmation email.',
  accessWithdrawn: 'This purchase was cancelled or refunded, so its access link no longer works.',
  accessLinkLabel: 'Open your content',
  accessLinkHint:
    'Opening this link unlocks the content in this browser. Use it again on another device.',
  emailAccess: (url: string) => `Open your content: ${url}`,
  notPaywall: 'Only a paywall product unlocks pages and collections.',
  unknownPage: 'That page does not exist.',
  unknownCollection: 'That collection does not exist.',
  pickerTitle: 'Unlocks',
  pickerDescription:
    'Buyers of this product can see the pages and collections you tick. Visitors who have not bought it see the lock screen with this product on offer. A page can be unlocked by several products.',
  pickerFilter: 'Filter pages and collections',
  pickerPages: 'Pages',
  pickerCollections: 'Collections',
  pickerNone: 'Nothing matches.',
  pickerSaveFirst: 'Save the product first, then choose what it unlocks.',
  pickerSave: 'Save access',
  pickerSaved: 'Access saved.',
  pickerCount: (count: number) =>
    count === 1 ? 'Unlocks 1 page or collection.' : `Unlocks ${count} pages and collections.`,
} as const;

// Member areas and page passwords (issue 23): the lock screen (page type 103, titled
// `editorMessages.pageLocked`) for pages only members or a password open, and the
// owner's screens. SPEC gives only the title; the rest is ours.
export const memberAreaMessages = {
  membersOnly: 'This page is for members. Sign in to see it.',
  membersOnlyPaid: 'This page is for members who bought access.',
  signedInNoAccess: 'Your account does not have access to this page yet.',
  paidHint: 'Already bought access? Sign in with the email you used at checkout and confirm it.',
  signIn: 'Sign in',
  signUp: 'Create account',
  passwordIntro: 'This page is protected. Enter the password to see it.',
  passwordLabel: 'Password',
  passwordSubmit: 'Unlock',
  passwordWrong: 'That password is not correct. Try again.',
  passwordMissing: 'Enter the password.',
  passwordTooManyTries: 'Too many tries. Wait a few minutes, then try again.',
  /** The unlock form came without this browser's crumb (expired, or another site's form). */
  passwordFormExpired:
    'This form has expired or did not come from this site. Enter the password again.',
  nameRequired: 'Give the member area a name.',
  nameTaken: (name: string) => `A member area named “${name}” already exists.`,
  productRequired: 'Choose at least one paywall product for paid access.',
  notPaywallProduct: 'Only paywall products can open a member area.',
  unknownPage: 'That page does not exist.',
  notFound: 'That member area does not exist.',
  navigationUnknownArea: (id: string) => `No member area of this site has the id ${id}.`,
  navigationOnlyPages: 'Only pages and folders can be in a member area.',
  navigationNested: 'A member area cannot sit inside a folder or another member area.',
  passwordTooShort: 'A page password needs at least 4 characters.',
} as const;

/**
 * Customer (site-user) accounts (issue 23). Not in the spec: ours, in the storefront's
 * voice. Sign-up, password reset and sign-in answer with one sentence whether or not the
 * email has an account, so the words never tell who shops here.
 */
/** The members screen's invitation email (issue 23). */
export const invitationMessages = {
  subject: (site: string) => `${site}: you are invited to help run the site`,
  body: (input: { site: string; inviter: string; role: string; link: string; days: number }) =>
    `${input.inviter} invited you to ${input.site} as ${input.role}.\n\nAccept the invitation and choose your password:\n\n${input.link}\n\nThe link works once, for ${input.days} days. If you did not expect this, you can ignore this email.`,
  accepted: 'Welcome! You are signed in.',
} as const;

export const accountMessages = {
  signInFailed: 'That email and password do not match an account.',
  signUpSent:
    'Thanks! Check your email for a link to confirm your address. If you already have an account, the email explains how to sign in.',
  resetSent:
    'If that email has an account, we have sent it a link to choose a new password. The link works once, for one hour.',
  passwordTooShort: (min: number) => `Use at least ${min} characters for your password.`,
  passwordTooCommon:
    'That password is one of the most common and is easy to guess. Please choose another.',
  passwordContainsEmail: 'Your password should not contain your email address.',
  passwordWrong: 'Your current password is not correct.',
  enterValidEmail: 'Please enter a valid email',
  emailUnchanged: 'That is already your email address.',
  emailChangeSent: (email: string) =>
    `We have sent a link to ${email}. Your email changes when you open it.`,
  linkInvalid: 'This link has expired or was already used. Please ask for a new one.',
  emailVerified: 'Your email address is confirmed.',
  passwordChanged: 'Your password has been changed. Other devices have been signed out.',
  passwordReset: 'Your password has been changed. Please sign in with your new password.',
  signInRequired: 'Please sign in to your account.',
  languageInvalid: 'That language is not one this site can use.',
  verificationSent: 'We have sent you a new confirmation link.',
  accountDeleted: 'Your account has been deleted.',
  verifySubject: (site: string) => `${site}: confirm your email address`,
  verifyBody: (site: string, link: string) =>
    `Please confirm your email address for your account at ${site}:\n\n${link}\n\nThe link works once, for 24 hours. If you did not create an account, you can ignore this email.`,
  existingSubject: (site: string) => `${site}: you already have an account`,
  existingBody: (site: string, signInLink: string, resetLink: string) =>
    `Someone (perhaps you) tried to create an account at ${site} with this email address, which already has one.\n\nSign in: ${signInLink}\nForgot your password? ${resetLink}\n\nIf it was not you, you can ignore this email.`,
  resetSubject: (site: string) => `${site}: choose a new password`,
  resetBody: (site: string, link: string) =>
    `To choose a new password for your account at ${site}, open this link:\n\n${link}\n\nThe link works once, for one hour. If you did not ask for it, you can ignore this email: your password stays as it is.`,
  addressNotFound: 'That address is not in your address book.',
  addressBookFull: (max: number) =>
    `Your address book holds up to ${max} addresses. Delete one to add another.`,
  newsletterNeedsVerifiedEmail:
    'Confirm your email address first: newsletters go only to a confirmed address.',
  passwordChangedSubject: (site: string) => `${site}: your password was changed`,
  passwordChangedBody: (site: string) =>
    `The password of your account at ${site} was just changed, and every other device was signed out. If this was not you, choose a new password with "Forgot password" on the sign-in page.`,
} as const;

/** The storefront's account pages (issue 23): headings, labels and the sentences around them. */
export const accountPageText = {
  signInTitle: 'Sign in',
  signInIntro: 'Sign in to see your orders and keep your cart on every device.',
  signUpTitle: 'Create account',
  signUpIntro: 'Create an account to see your orders in one place.',
  forgotTitle: 'Reset your password',
  forgotIntro:
    'Enter the email of your account and we will send you a link to choose a new password.',
  resetTitle: 'Choose a new password',
  verifyTitle: 'Confirm your email',
  verifyIntro: 'Press the button to confirm this email address for your account.',
  accountTitle: 'Your account',
  ordersTitle: 'Orders',
  noOrders: 'You have not placed any orders yet.',
  unverifiedOrders: 'Confirm your email to see the orders placed with it.',
  unverified: 'Your email address is not confirmed yet. Check your inbox for the link we sent.',
  resend: 'Send a new link',
  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  currentPassword: 'Current password',
  newEmail: 'New email',
  rememberMe: 'Keep me signed in on this device',
  passwordHint: 'At least 10 characters. Avoid common passwords.',
  submitSignIn: 'Sign in',
  submitSignUp: 'Create account',
  submitForgot: 'Send link',
  submitReset: 'Save password',
  submitVerify: 'Confirm my email',
  submitEmail: 'Change email',
  submitPassword: 'Change password',
  submitDelete: 'Delete my account',
  signOut: 'Sign out',
  working: 'Please wait…',
  forgotLink: 'Forgot your password?',
  signUpLink: 'New here? Create an account',
  signInLink: 'Already have an account? Sign in',
  goToAccount: 'Go to your account',
  changeEmailTitle: 'Change email',
  changePasswordTitle: 'Change password',
  deleteTitle: 'Delete account',
  deleteIntro:
    'Your account, saved cart and sign-in details are deleted. Orders are kept, as the law requires for bookkeeping, but are no longer linked to an account.',
  deleteConfirm: 'I understand that this cannot be undone',
  deleteConfirmRequired: 'Tick the box to confirm.',
  fixErrors: 'Please correct the fields marked below.',
  orderNumber: 'Order',
  orderDate: 'Date',
  orderStatus: 'Status',
  orderTotal: 'Total',
  orderView: (n: number) => `View order #${n}`,
  orderStatusLabels: {
    paid: 'Paid',
    fulfilled: 'Fulfilled',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  fulfillmentLabels: {
    unfulfilled: 'Not shipped yet',
    partial: 'Partly shipped',
    fulfilled: 'Shipped',
  },
  accountLink: 'Account',
  sectionsLabel: 'Account sections',
  settingsTitle: 'Settings',
  addressesTitle: 'Addresses',
  noAddresses: 'You have no saved addresses yet.',
  defaultAddress: 'Default address',
  addAddress: 'Add address',
  newAddressTitle: 'New address',
  editAddressTitle: 'Edit address',
  editAddress: (name: string) => `Edit address of ${name}`,
  deleteAddress: (name: string) => `Delete address of ${name}`,
  makeDefault: (name: string) => `Make the address of ${name} the default`,
  edit: 'Edit',
  delete: 'Delete',
  setDefault: 'Make default',
  cancel: 'Cancel',
  saveAddress: 'Save address',
  useAsDefault: 'Use as my default address',
  confirmDeleteAddress: (name: string) => `Delete the address of ${name}?`,
  addressAdded: 'Address added.',
  addressSaved: 'Address saved.',
  addressDeleted: 'Address deleted.',
  defaultChanged: 'Default address changed.',
  addressFields: {
    name: 'Full name',
    line1: 'Address',
    line2: 'Apartment, suite (optional)',
    city: 'City',
    region: 'State or region',
    postalCode: 'Postal code',
    country: 'Country',
  },
  subscriptionsTitle: 'Subscriptions',
  noSubscriptions: 'You have no subscriptions.',
  unverifiedSubscriptions: 'Confirm your email to see the subscriptions bought with it.',
  subscriptionProduct: 'Product',
  subscriptionNext: 'Next payment',
  subscriptionNone: '—',
  manage: 'Manage',
  manageSubscription: (product: string) => `Manage subscription to ${product}`,
  backToAccount: 'Back to your account',
  downloadsTitle: 'Digital downloads',
  noDownloads: 'You have no digital downloads.',
  unverifiedDownloads: 'Confirm your email to see the files you bought with it.',
  download: 'Download',
  downloadFile: (product: string) => `Download ${product}`,
  downloadsLeft: (count: number) => (count === 1 ? '1 download left' : `${count} downloads left`),
  downloadUsedUp: 'No downloads left',
  downloadWithdrawn: 'No longer available',
  downloadFrom: (n: number) => `From order #${n}`,
  newslettersTitle: 'Newsletters',
  newslettersIntro: (email: string) =>
    `Choose the emails ${email} receives from us. You can leave a list at any time.`,
  noNewsletters: 'This store has no newsletters.',
  unverifiedNewsletters: 'Confirm your email to choose newsletters.',
  newsletterBounced:
    'Emails to your address could not be delivered, so this list does not send to it.',
  newsletterSubscribed: (list: string) => `You are subscribed to ${list}.`,
  newsletterUnsubscribed: (list: string) => `You left ${list}.`,
} as const;

/** What a customer reads about the state of a subscription (the manage page and the account). */
export const customerSubscriptionStatusText = {
  active: 'Active',
  past_due: 'Payment overdue',
  paused: 'Paused by the store',
  cancelled: 'Cancelled',
  expired: 'Ended — payment could not be taken',
  completed: 'Completed — every payment has been made',
} as const;
