import type { CodeBlock } from '@atelier/contract';

// Code: text shown exactly as typed in <pre><code>. React escapes it, so markup in the
// code is shown, never run. Server-safe; the editor edits it with CodeMirror (code.fields).

export function CodeView({ block }: { block: CodeBlock }) {
  return (
    <pre className="block block--code" data-language={block.language}>
      <code>{block.code}</code>
    </pre>
  );
}
