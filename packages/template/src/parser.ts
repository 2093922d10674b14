// Parser and assembler: template text → tree of nodes. A tag whose body does not fit
// the grammar is kept as text (§1); structural mistakes are reported and the offending
// tag dropped; nothing here throws for any input.

import { parsePath } from './paths.ts';
import type {
  CompiledTemplate,
  Diagnostic,
  FormatterCall,
  IfNode,
  Node,
  OrNode,
  Path,
  PredicateCall,
  RepeatedNode,
  Tables,
} from './types.ts';

const SYNTAX = 'SyntaxError: ';
const WORD = /^[A-Za-z][A-Za-z0-9_-]*/;
const MACRO_NAME = /^[./A-Za-z0-9_-]+$/;

/** An open block while assembling; `target` receives the children. */
interface Open {
  kind: 'SECTION' | 'REPEATED' | 'PREDICATE' | 'IF' | 'OR_PREDICATE' | 'MACRO';
  target: Node[];
  /** The block that `.or` attaches to (the chain's last element). */
  owner: { alt: OrNode | null } | null;
  repeated: RepeatedNode | null;
  isBareOr: boolean;
  /** Offset of the tag that opened the block: an unclosed block's error points there. */
  at: number;
}

type Instr =
  | {
      i: 'node';
      node: Node;
      open?: Open['kind'];
      owner?: { alt: OrNode | null } & { body: Node[] };
    }
  | { i: 'end' }
  | { i: 'or'; pred: PredicateCall | null }
  | { i: 'alternates' }
  | { i: 'eof' }
  | { i: 'text'; text: string }
  | { i: 'none' };

class ParseState {
  errors: string[] = [];
  /** Source offsets of `errors`, index for index, turned into lines and columns at the end. */
  offsets: number[] = [];
  /** Offset of the `{` of the tag being parsed: where its errors point. */
  tagStart = 0;
  constructor(
    readonly tables: Tables,
    readonly source: string,
  ) {}

  report(message: string, offset: number = this.tagStart) {
    this.errors.push(message);
    this.offsets.push(offset);
  }

  /** Where `name` appears in the current tag, so an error points at the word itself. */
  offsetOf(name: string): number {
    const at = this.source.indexOf(name, this.tagStart);
    return at < 0 ? this.tagStart : at;
  }

  splitArgs(rest: string): string[] {
    if (rest === '') return [];
    return rest.slice(1).split(rest[0]!);
  }

  predicateCall(name: string, rest: string): PredicateCall {
    const impl = Object.hasOwn(this.tables.predicates, name) ? this.tables.predicates[name]! : null;
    if (impl === null) this.report(`${SYNTAX}Predicate '${name}' is unknown`, this.offsetOf(name));
    return { name, args: this.splitArgs(rest), impl };
  }

  /** Parses `|f1 args|f2` chains; null when malformed or a formatter is unknown. */
  formatters(text: string): FormatterCall[] | null {
    const calls: FormatterCall[] = [];
    if (text === '') return calls;
    if (text[0] !== '|') return null;
    const parts = text.slice(1).split('|');
    for (const part of parts) {
      const m = WORD.exec(part);
      if (m === null) return null;
      const name = m[0];
      if (!Object.hasOwn(this.tables.formatters, name)) {
        const at = this.source.indexOf(`|${name}`, this.tagStart);
        this.report(`${SYNTAX}Formatter '${name}' is unknown`, at < 0 ? this.tagStart : at + 1);
        return null;
      }
      calls.push({
        name,
        args: this.splitArgs(part.slice(name.length)),
        impl: this.tables.formatters[name]!,
      });
    }
    return calls;
  }

  /** `n1, n2|fmts` */
  names(text: string): { paths: Path[]; fmts: FormatterCall[] } | null {
    const bar = text.indexOf('|');
    const namesText = bar < 0 ? text : text.slice(0, bar);
    const paths: Path[] = [];
    const pieces = namesText.split(',');
    for (let i = 0; i < pieces.length; i++) {
      let s = pieces[i]!;
      if (i > 0) s = s.replace(/^ +/, '');
      if (i < pieces.length - 1) s = s.replace(/ +$/, '');
      const p = parsePath(s);
      if (p === null) return null;
      paths.push(p);
    }
    const fmts = this.formatters(bar < 0 ? '' : text.slice(bar));
    if (fmts === null) return null;
    return { paths, fmts };
  }

  instruction(body: string): Instr {
    const m = /^[A-Za-z][A-Za-z0-9_-]*\??/.exec(body);
    if (m === null) return { i: 'none' };
    const word = m[0];
    const rest = body.slice(word.length);
    if (word.endsWith('?')) {
      const pred = this.predicateCall(word, rest);
      return { i: 'node', node: { t: 'predicate', pred, body: [], alt: null }, open: 'PREDICATE' };
    }
    switch (word) {
      case 'end':
        return rest === '' ? { i: 'end' } : { i: 'none' };
      case 'or': {
        if (rest === '') return { i: 'or', pred: null };
        const pm = /^ ([A-Za-z][A-Za-z0-9_-]*\?)/.exec(rest);
        if (pm === null) return { i: 'none' };
        return { i: 'or', pred: this.predicateCall(pm[1]!, rest.slice(pm[0].length)) };
      }
      case 'alternates':
        return rest === ' with' ? { i: 'alternates' } : { i: 'none' };
      case 'section': {
        const p = rest[0] === ' ' ? parsePath(rest.slice(1)) : null;
        if (p === null) return { i: 'none' };
        return { i: 'node', node: { t: 'section', path: p, body: [], alt: null }, open: 'SECTION' };
      }
      case 'repeated': {
        const p = rest.startsWith(' section ') ? parsePath(rest.slice(9)) : null;
        if (p === null) return { i: 'none' };
        const node: RepeatedNode = {
          t: 'repeated',
          path: p,
          body: [],
          alternates: null,
          alt: null,
        };
        return { i: 'node', node, open: 'REPEATED' };
      }
      case 'if':
        return rest[0] === ' ' ? this.ifInstr(rest.slice(1)) : { i: 'none' };
      case 'var': {
        const vm = /^ @([A-Za-z0-9_$-]+) /.exec(rest);
        if (vm === null) return { i: 'none' };
        const n = this.names(rest.slice(vm[0].length));
        if (n === null) return { i: 'none' };
        return { i: 'node', node: { t: 'bindvar', name: vm[1]!, paths: n.paths, fmts: n.fmts } };
      }
      case 'ctx': {
        const vm = /^ @([A-Za-z0-9_$-]+) /.exec(rest);
        if (vm === null) return { i: 'none' };
        const bindings: { key: string; path: Path }[] = [];
        for (const b of rest.slice(vm[0].length).split(' ')) {
          if (b === '') continue;
          const eq = b.indexOf('=');
          if (eq <= 0) return { i: 'none' };
          const path = parsePath(b.slice(eq + 1));
          if (path === null) return { i: 'none' };
          bindings.push({ key: b.slice(0, eq), path });
        }
        if (bindings.length === 0) return { i: 'none' };
        return { i: 'node', node: { t: 'ctxvar', name: vm[1]!, bindings } };
      }
      case 'macro': {
        const name = rest.slice(1);
        if (rest[0] !== ' ' || !MACRO_NAME.test(name)) return { i: 'none' };
        return { i: 'node', node: { t: 'macro', name, body: [] }, open: 'MACRO' };
      }
      case 'include': {
        const parts = rest.slice(1).split(' ');
        if (rest[0] !== ' ' || !MACRO_NAME.test(parts[0]!)) return { i: 'none' };
        const hasOutput = parts.slice(1).includes('output');
        return { i: 'node', node: { t: 'include', name: parts[0]!, hasOutput } };
      }
      case 'inject': {
        const im = /^ @([A-Za-z0-9_$-]+) ([^ ]+)/.exec(rest);
        if (im === null) return { i: 'none' };
        return { i: 'node', node: { t: 'inject', name: im[1]!, path: im[2]! } };
      }
      case 'eval':
        if (rest[0] !== ' ') return { i: 'none' };
        return { i: 'node', node: { t: 'eval', source: rest.slice(1), at: this.tagStart } };
      case 'meta-left':
        return rest === '' ? { i: 'text', text: '{' } : { i: 'none' };
      case 'meta-right':
        return rest === '' ? { i: 'text', text: '}' } : { i: 'none' };
      case 'newline':
        return rest === '' ? { i: 'text', text: '\n' } : { i: 'none' };
      case 'space':
        return rest === '' ? { i: 'text', text: ' ' } : { i: 'none' };
      case 'tab':
        return rest === '' ? { i: 'text', text: '\t' } : { i: 'none' };
      case 'eof':
        return rest === '' ? { i: 'eof' } : { i: 'none' };
      default:
        return { i: 'none' };
    }
  }

  ifInstr(text: string): Instr {
    const pm = /^([A-Za-z][A-Za-z0-9_-]*\?)/.exec(text);
    if (pm !== null) {
      const pred = this.predicateCall(pm[1]!, text.slice(pm[0].length));
      return { i: 'node', node: { t: 'predicate', pred, body: [], alt: null }, open: 'IF' };
    }
    const tokens = text.split(/(&&|\|\|)/).map((s) => s.trim());
    const paths: Path[] = [];
    const ops: ('&&' | '||')[] = [];
    for (let k = 0; k < tokens.length; k++) {
      const tok = tokens[k]!;
      if (k % 2 === 1) ops.push(tok as '&&' | '||');
      else {
        const p = parsePath(tok);
        if (p === null) return { i: 'none' };
        paths.push(p);
      }
    }
    const node: IfNode = { t: 'if', paths, ops, body: [], alt: null };
    return { i: 'node', node, open: 'IF' };
  }
}

/** Parses a tag body (between the braces); null means "print the tag as text". */
function parseTag(st: ParseState, body: string): Instr | null {
  const c = body.charCodeAt(0);
  if (c === 46 /* . */) {
    const ins = st.instruction(body.slice(1));
    return ins.i === 'none' ? null : ins;
  }
  if (c === 35 /* # */) return { i: 'text', text: '' };
  const n = st.names(body);
  if (n === null) return null;
  return { i: 'node', node: { t: 'var', paths: n.paths, fmts: n.fmts, raw: `{${body}}` } };
}

export function parse(source: string, tables: Tables): CompiledTemplate {
  const st = new ParseState(tables, source);
  const root: Node[] = [];
  const stack: Open[] = [];
  let target = root;
  let text = '';
  const flushText = () => {
    if (text !== '') {
      const last = target.length - 1;
      if (last >= 0 && typeof target[last] === 'string')
        target[last] = (target[last] as string) + text;
      else target.push(text);
      text = '';
    }
  };
  const n = source.length;
  let pos = 0;
  let isEof = false;
  outer: while (pos < n) {
    let start = source.indexOf('{', pos);
    if (start < 0) break;
    // Multi-line comment {## ... ##}.
    let k = start + 1;
    let isComment = false;
    if (source.startsWith('##', start + 1)) isComment = true;
    else {
      for (; k < n; k++) {
        const ch = source.charCodeAt(k);
        if (ch === 123 /* { */) {
          start = k;
          if (source.startsWith('##', k + 1)) {
            isComment = true;
            break;
          }
        } else if (ch === 125 /* } */) break;
      }
    }
    if (isComment) {
      text += source.slice(pos, start);
      const end = source.indexOf('##}', start + 3);
      pos = end < 0 ? n : end + 3;
      continue;
    }
    if (k >= n) break;
    const body = source.slice(start + 1, k);
    st.tagStart = start;
    const ins = parseTag(st, body);
    if (ins === null) {
      text += source.slice(pos, k + 1);
      pos = k + 1;
      continue;
    }
    text += source.slice(pos, start);
    pos = k + 1;
    switch (ins.i) {
      case 'text':
        text += ins.text;
        break;
      case 'eof':
        isEof = true;
        break outer;
      case 'node': {
        flushText();
        const node = ins.node;
        const top = stack[stack.length - 1];
        if (ins.open !== undefined && top?.repeated && top.target === top.repeated.alternates) {
          // Platform quirk kept for identical output: a block opened inside
          // `.alternates with` joins the repeated body, and so does what follows it.
          top.target = top.repeated.body;
          target = top.target;
        }
        target.push(node);
        if (ins.open !== undefined && typeof node !== 'string') {
          const bodyNode = node as { body: Node[]; alt?: OrNode | null };
          const open: Open = {
            kind: ins.open,
            target: bodyNode.body,
            owner: ins.open === 'MACRO' ? null : (bodyNode as { alt: OrNode | null }),
            repeated: ins.open === 'REPEATED' ? (node as RepeatedNode) : null,
            isBareOr: false,
            at: start,
          };
          stack.push(open);
          target = open.target;
        }
        break;
      }
      case 'end': {
        flushText();
        if (stack.length === 0) {
          st.report(`${SYNTAX}Instruction END not allowed at root`);
          break;
        }
        stack.pop();
        target = stack.length ? stack[stack.length - 1]!.target : root;
        break;
      }
      case 'or': {
        flushText();
        const top = stack[stack.length - 1];
        if (top === undefined) {
          st.report(`${SYNTAX}Instruction OR_PREDICATE not allowed at root`);
          break;
        }
        if (top.owner === null) {
          st.report(`${SYNTAX}OR_PREDICATE instruction is not allowed inside ${top.kind} block.`);
          break;
        }
        if (top.isBareOr) st.report(`${SYNTAX}This OR_PREDICATE block will never execute.`);
        const or: OrNode = { pred: ins.pred, body: [], alt: null };
        top.owner.alt = or;
        stack[stack.length - 1] = {
          kind: 'OR_PREDICATE',
          target: or.body,
          owner: or,
          repeated: null,
          isBareOr: ins.pred === null,
          at: top.at,
        };
        target = or.body;
        break;
      }
      case 'alternates': {
        flushText();
        const top = stack[stack.length - 1];
        if (top === undefined) {
          st.report(`${SYNTAX}Instruction ALTERNATES_WITH not allowed at root`);
          break;
        }
        if (top.repeated === null) {
          st.report(
            `${SYNTAX}ALTERNATES_WITH instruction is not allowed inside ${top.kind} block.`,
          );
          break;
        }
        top.repeated.alternates = [];
        top.target = top.repeated.alternates;
        target = top.target;
        break;
      }
    }
  }
  if (!isEof) text += source.slice(pos);
  flushText();
  if (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    st.report(`${SYNTAX}Reached EOF in the middle of ${top.kind}`, top.at);
  }
  return {
    code: root,
    errors: st.errors,
    diagnostics: st.errors.length === 0 ? [] : diagnosticsOf(source, st.errors, st.offsets),
  };
}

/** Errors with 1-based line and column (UTF-16 units, as editors count them). */
function diagnosticsOf(source: string, errors: string[], offsets: number[]): Diagnostic[] {
  return errors.map((message, i) => ({ message, ...positionOf(source, offsets[i] ?? 0) }));
}

export function positionOf(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = source.indexOf('\n'); at >= 0 && at < offset; at = source.indexOf('\n', at + 1)) {
    line += 1;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
