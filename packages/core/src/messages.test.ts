import { describe, expect, it } from 'vitest';
import {
  addToCartMessages,
  alertTitles,
  buttonLabels,
  cartMessages,
  colourMessages,
  commentLabels,
  editorMessages,
  formMessages,
  installmentMessages,
  likertLabels,
  restockMessages,
  signInMessages,
  timeMessages,
} from './messages';

// Every sentence a person can see, asserted word for word against SPEC §4, §5 and §8.
describe('messages', () => {
  it('button labels', () => {
    expect(buttonLabels).toEqual({
      addToCart: 'Add To Cart',
      subscribe: 'Subscribe',
      adding: 'Adding…',
      added: 'Added!',
      selectOption: 'Select Option',
      soldOut: 'Sold Out',
      submitting: 'Submitting…',
      saving: 'Saving…',
      close: 'Close',
    });
  });

  it('add-to-cart validation', () => {
    expect(addToCartMessages.selectOption('Size')).toBe('Please select the Size option.');
    expect(addToCartMessages.selectTwoOptions('Size', 'Colour')).toBe(
      'Please select the Size and Colour options.',
    );
    expect(addToCartMessages.selectManyOptions(['Size', 'Colour'], 'Fit')).toBe(
      'Please select the Size, Colour and Fit options.',
    );
    expect(addToCartMessages.variantUnavailable).toBe(
      'Sorry, that item variant is unavailable. Please select another variant.',
    );
    expect(addToCartMessages.notEnoughStock).toBe(
      'Sorry, we do not have enough of that item available.',
    );
    expect(addToCartMessages.quantityNotANumber).toBe('Quantity must be a number.');
    expect(addToCartMessages.quantityNotWhole).toBe('Quantity must be a whole number');
    expect(addToCartMessages.giftCardDenomination).toBe('Select a denomination for the Gift Card');
  });

  it('alert titles', () => {
    expect(alertTitles).toEqual({
      unableToAddItem: 'Unable to Add Item',
      unableToPurchaseItem: 'Unable to Purchase Item',
      unableToPurchaseGiftCard: 'Unable to purchase Gift Card',
    });
  });

  it('sign-in lock (ours: the spec has none)', () => {
    expect(signInMessages.tooManyAttempts).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  });

  it('cart', () => {
    expect(cartMessages.sessionExpired).toBe(
      'Your session has expired. Please reload the page and try again.',
    );
    expect(cartMessages.enableCookies).toBe(
      'Please enable cookies in your browser, reload the page, and try again.',
    );
    expect(cartMessages.tooManyRequests).toBe('Please try again in a few seconds.');
    expect(cartMessages.unableToAddItem).toBe('Unable to add item');
    expect(cartMessages.unableToUpdateQuantity).toBe('Unable to update quantity');
    expect(cartMessages.unableToRemoveItem).toBe('Unable to remove item');
    expect(cartMessages.unableToUpdateForm).toBe('Unable to update form');
    expect(cartMessages.unableToOpenForm).toBe('Unable to open form');
    expect(cartMessages.pleaseTryAgain).toBe('Please try again');
    expect(cartMessages.checkConnection).toBe('Please check your internet connection');
    expect(cartMessages.updateMissingInformation).toBe(
      'Update the missing or invalid information above.',
    );
    expect(cartMessages.minimumSubtotal('$25.00')).toBe(
      'To check out, your order subtotal must be $25.00 or more.',
    );
    expect(cartMessages.oneItem).toBe('One item in cart');
    expect(cartMessages.items(3)).toBe('3 items in cart');
    expect(cartMessages.moreThan(100)).toBe('More than 100 items in cart');
    expect(cartMessages.manyBadge).toBe('100+');
    expect(cartMessages.added('Linen Shirt')).toBe('Linen Shirt was added to your cart.');
  });

  it('site forms', () => {
    expect(formMessages.required).toBe('Required');
    expect(formMessages.emailInvalid('user@domain.com')).toBe(
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    );
    expect(formMessages.characterLimitExceeded).toBe('You have exceeded the character limit.');
    expect(formMessages.someFieldsInvalid).toBe(
      'One or more fields is invalid, please check your entries.',
    );
    expect(formMessages.completeCaptcha).toBe('Complete CAPTCHA before submitting.');
    expect(formMessages.unauthorized).toBe('Unable to submit form. Please try again later.');
    expect(formMessages.notConfigured).toBe('This form has not been configured yet.');
    expect(formMessages.rateLimited).toBe(
      'Unable to submit form. Submission rate limit exceeded. Please try again later.',
    );
    expect(formMessages.serverError).toBe('Unable to send form. Please try again later.');
    expect(formMessages.unknownError).toBe('Unknown error, please try again later.');
    expect(formMessages.submissionKeyFailed).toBe(
      'Could not get a form submission key, please try again later.',
    );
    expect(formMessages.parseFailed).toBe(
      'Could not parse the form fields, please check your entries.',
    );
    expect(formMessages.submitFailed).toBe(
      'Error processing form submission. Please reload and try again.',
    );
    expect(formMessages.problemAbove).toBe(
      'Your form has encountered a problem. Please scroll down to review.',
    );
    expect(formMessages.problemBelow).toBe(
      'Your form has encountered a problem. Please scroll up to review.',
    );
    expect(formMessages.captchaNotSetUp).toBe('ReCaptcha has not been set up!');
    expect(formMessages.captchaSiteKeyNotFound).toBe('Captcha site key not found.');
  });

  it('likert labels', () => {
    expect(Object.values(likertLabels)).toEqual([
      'Strongly Disagree',
      'Disagree',
      'Neutral',
      'Agree',
      'Strongly Agree',
    ]);
  });

  it('restock', () => {
    expect(restockMessages).toEqual({
      emailBlank: 'Email cannot be blank',
      emailInvalid: 'Email is invalid',
      submitFailed: 'Unable to submit form. Please try again later',
      signedUp: 'Signed up!',
      notOffered: 'This product does not take restock sign-ups.',
      inStock: 'This option is in stock: you can buy it now.',
      variantGone: 'This option is no longer sold.',
    });
  });

  it('installments', () => {
    expect(installmentMessages.pill('4 interest-free payments of $25.00')).toBe(
      'or 4 interest-free payments of $25.00 with',
    );
    expect(installmentMessages.availableUpTo('$2,000.00')).toBe(
      'available for orders up to $2,000.00',
    );
    expect(installmentMessages.availableOver('$35.00')).toBe('available for orders over $35.00');
    expect(installmentMessages.payments(4, '$25.00')).toBe('4 interest-free payments of $25.00');
  });

  it('colour', () => {
    expect(colourMessages).toEqual({
      hueOutOfBounds: 'Hue out of bounds.',
      saturationOutOfBounds: 'Saturation out of bounds.',
      lightnessOutOfBounds: 'Lightness out of bounds.',
      alphaOutOfBounds: 'Alpha out of bounds.',
      missingHsl: 'Missing an H/S/L value',
      missingHsv: 'Missing an H/S/V value',
      invalidHex: 'Hex must be 3 or 6 digits.',
      rgbOutOfBounds: 'RGB value out of bounds.',
      valueOutOfBounds: 'Value out of bounds.',
    });
  });

  it('comments and time', () => {
    expect(commentLabels.none).toBe('No Comments');
    expect(commentLabels.one).toBe('1 Comment');
    expect(commentLabels.many(5)).toBe('5 Comments');
    expect(timeMessages.lessThanAMinute).toBe('less than a minute ago');
    expect(timeMessages.ago(1, 'hour')).toBe('1 hour ago');
    expect(timeMessages.ago(2, 'day')).toBe('2 days ago');
    expect(timeMessages.invalidDate).toBe('Invalid date.');
    expect(timeMessages.invalidDateDisplay).toBe('Invalid Date');
    expect(timeMessages.unavailable).toBe('Unavailable');
  });

  it('editor templates', () => {
    expect(editorMessages.emailFormat('name@example.com')).toBe(
      'Emails must be formatted as name@example.com',
    );
    expect(editorMessages.linkFormat('http://example.com', 'https://example.com')).toBe(
      'Links must be formatted as http://example.com or https://example.com',
    );
    expect(editorMessages.invalidPageUrl('/nope')).toBe('/nope is not a valid page URL');
    expect(editorMessages.notAnExpectedOption('x')).toBe('x is not one of the expected options');
    expect(editorMessages.unsupportedFile('a.exe')).toBe(
      'The file a.exe does not appear to be a supported file',
    );
    expect(editorMessages.fileTooLarge('a.png', '20 MB')).toBe(
      'The file a.png is too large. The maximum allowed file size is 20 MB',
    );
    expect(editorMessages.editOneTag('tag')).toBe('You may only edit one tag at a time');
    expect(editorMessages.tagExists('category')).toBe('This category already exists');
    expect(editorMessages.unableToLoadFontPreview('Inter')).toBe(
      'Unable to load preview for Inter',
    );
    expect(editorMessages.datasetRowsTruncated(500)).toBe(
      'Your dataset has been truncated to 500 rows',
    );
    expect(editorMessages.datasetColumnsTruncated(20)).toBe(
      'Your dataset has been truncated to 20 columns',
    );
  });

  it('editor sentences', () => {
    const { enterValidEmail, enterFileName, selectList, datasetNeedsColumn, datasetNeedsRow } =
      editorMessages;
    expect([
      enterValidEmail,
      enterFileName,
      selectList,
      datasetNeedsColumn,
      datasetNeedsRow,
    ]).toEqual([
      'Please enter a valid email',
      'Please enter a file name',
      'A List must be selected',
      'Your dataset must have at least one column',
      'Your dataset must have at least one row',
    ]);
    expect(editorMessages.rowsMissingData).toBe('One or more rows was missing data');
    expect(editorMessages.enterSomeData).toBe('Enter some data!');
    expect(editorMessages.vimeoBasicUnsupported).toBe(
      'Vimeo Basic accounts are unsupported. Please share a video from a different account.',
    );
    expect(editorMessages.codeEditingUnavailableOnAndroid).toBe(
      'Code editing is not available on Android.',
    );
    expect(editorMessages.tryAgain).toBe('Try again');
    expect(editorMessages.unableToLoadResults).toBe('Unable to load results');
    expect(editorMessages.unableToLoadCollections).toBe('Unable to load collections');
    expect(editorMessages.unableToLoadFonts).toBe('Unable to load fonts');
    expect(editorMessages.somethingWentWrong).toBe('Something went wrong');
    expect(editorMessages.networkError).toBe('Network error');
    expect(editorMessages.noJobResponseData).toBe('No response data from job request');
    expect(editorMessages.fileProcessingFailed).toBe('File processing failed');
    expect(editorMessages.fileProcessingCancelled).toBe('File processing cancelled');
    expect(editorMessages.fileProcessingIncomplete).toBe('File processing failed to complete');
    expect(editorMessages.fileUploadIncomplete).toBe('File upload failed to complete');
    expect(editorMessages.errorUploading).toBe('Error uploading');
    expect(editorMessages.unableToRenameFileTitle).toBe('Unable to Rename File');
    expect(editorMessages.unableToRenameFile).toBe('There was a problem while renaming your file.');
    expect(editorMessages.unableToUploadFileTitle).toBe('Unable to Upload File');
    expect(editorMessages.unableToUploadFile).toBe(
      'There was a problem while uploading your file.',
    );
    expect(editorMessages.unableToConnect).toBe('Unable to connect. Please try again.');
    expect(editorMessages.unableToLocateContent).toBe('Unable to locate content');
    expect(editorMessages.failedToLoadTimezone).toBe('Failed to load timezone');
    expect(editorMessages.noMailingLists).toBe(
      "You don't have any mailing lists. Please create one before continuing",
    );
    expect(editorMessages.mainNavigationNotFound).toBe('Unable to find site main navigation');
    expect(editorMessages.pageLocked).toBe('This page is locked');
  });

  it('spells each message once across the module', () => {
    const strings = [
      buttonLabels,
      addToCartMessages,
      alertTitles,
      cartMessages,
      formMessages,
      likertLabels,
      restockMessages,
      installmentMessages,
      colourMessages,
      commentLabels,
      timeMessages,
      editorMessages,
    ].flatMap((group) => Object.values(group).filter((v): v is string => typeof v === 'string'));
    // 'Unable to add item' (cart, lower case) and 'Unable to Add Item' (alert title) differ
    // by case on purpose: SPEC §8 spells them differently.
    expect(new Set(strings).size).toBe(strings.length);
  });
});
