import type { StyleGuide, Theme, ThemeId } from './design.ts';

// The four starting designs (issue 25). Each is a complete style guide; Atelier is the
// look site.css was drawn with, so a site that never opened Design looks as it always did.

const atelier: StyleGuide = {
  palette: {
    white: { label: 'White', value: '#ffffff' },
    sand: { label: 'Sand', value: '#f1ece4' },
    sage: { label: 'Sage', value: '#e3eadf' },
    clay: { label: 'Clay', value: '#f3e1d3' },
    rust: { label: 'Rust', value: '#7a3e1d' },
    ink: { label: 'Ink', value: '#1d1b19' },
  },
  colours: {
    background: '#fbfaf7',
    text: '#1d1b19',
    accent: '#7a3e1d',
    sale: '#a3241a',
    header: '#ffffff',
  },
  fonts: {
    heading: { family: 'inter', weight: 650 },
    body: { family: 'inter', weight: 400 },
    button: { family: 'inter', weight: 600 },
  },
  type: { baseSize: 16, scale: 1.25, headingCase: 'none', headingTracking: -0.022 },
  spacing: 1,
  radius: 6,
  contentWidth: 1100,
  buttons: { shape: 'rounded', fill: 'solid', textCase: 'none' },
  links: { underline: 'always' },
};

const minimal: StyleGuide = {
  palette: {
    white: { label: 'White', value: '#ffffff' },
    sand: { label: 'Mist', value: '#f4f4f2' },
    sage: { label: 'Stone', value: '#e7e7e4' },
    clay: { label: 'Fog', value: '#dcdcd8' },
    rust: { label: 'Graphite', value: '#3a3a38' },
    ink: { label: 'Black', value: '#111111' },
  },
  colours: {
    background: '#ffffff',
    text: '#161616',
    accent: '#161616',
    sale: '#b3261e',
    header: '#ffffff',
  },
  fonts: {
    heading: { family: 'dm-sans', weight: 500 },
    body: { family: 'dm-sans', weight: 400 },
    button: { family: 'dm-sans', weight: 500 },
  },
  type: { baseSize: 16, scale: 1.2, headingCase: 'none', headingTracking: -0.01 },
  spacing: 1.25,
  radius: 0,
  contentWidth: 1200,
  buttons: { shape: 'square', fill: 'outline', textCase: 'uppercase' },
  links: { underline: 'hover' },
};

const bold: StyleGuide = {
  palette: {
    white: { label: 'White', value: '#ffffff' },
    sand: { label: 'Lemon', value: '#fff4b8' },
    sage: { label: 'Mint', value: '#c9f2dd' },
    clay: { label: 'Blush', value: '#ffd9d1' },
    rust: { label: 'Cobalt', value: '#2446d8' },
    ink: { label: 'Night', value: '#0f1226' },
  },
  colours: {
    background: '#ffffff',
    text: '#0f1226',
    accent: '#2446d8',
    sale: '#c8102e',
    header: '#0f1226',
  },
  fonts: {
    heading: { family: 'bricolage-grotesque', weight: 800 },
    body: { family: 'plus-jakarta-sans', weight: 400 },
    button: { family: 'plus-jakarta-sans', weight: 700 },
  },
  type: { baseSize: 17, scale: 1.333, headingCase: 'none', headingTracking: -0.03 },
  spacing: 1.1,
  radius: 14,
  contentWidth: 1240,
  buttons: { shape: 'pill', fill: 'solid', textCase: 'none' },
  links: { underline: 'always' },
};

const editorial: StyleGuide = {
  palette: {
    white: { label: 'Paper', value: '#fffdf8' },
    sand: { label: 'Linen', value: '#f3eee3' },
    sage: { label: 'Olive', value: '#e4e6d6' },
    clay: { label: 'Rose', value: '#f2e2de' },
    rust: { label: 'Oxblood', value: '#5c1a1b' },
    ink: { label: 'Ink', value: '#1c1a17' },
  },
  colours: {
    background: '#fffdf8',
    text: '#1c1a17',
    accent: '#5c1a1b',
    sale: '#9b1c1c',
    header: '#fffdf8',
  },
  fonts: {
    heading: { family: 'playfair-display', weight: 500 },
    body: { family: 'source-serif-4', weight: 400 },
    button: { family: 'source-serif-4', weight: 600 },
  },
  type: { baseSize: 18, scale: 1.333, headingCase: 'none', headingTracking: -0.01 },
  spacing: 1.2,
  radius: 2,
  contentWidth: 1080,
  buttons: { shape: 'square', fill: 'solid', textCase: 'uppercase' },
  links: { underline: 'always' },
};

export const THEMES: Record<ThemeId, Theme> = {
  atelier: {
    id: 'atelier',
    name: 'Atelier',
    description: 'Warm and quiet: Inter on an off-white page, rust accents, soft corners.',
    styleGuide: atelier,
  },
  minimal: {
    id: 'minimal',
    name: 'Minimal',
    description: 'Black on white, square corners, outlined buttons and room to breathe.',
    styleGuide: minimal,
  },
  bold: {
    id: 'bold',
    name: 'Bold',
    description: 'A dark header, cobalt accents, heavy display headings and pill buttons.',
    styleGuide: bold,
  },
  editorial: {
    id: 'editorial',
    name: 'Editorial',
    description: 'A magazine page: Playfair headings over a serif text, oxblood accents.',
    styleGuide: editorial,
  },
};

export const DEFAULT_THEME_ID: ThemeId = 'atelier';
