import { z } from 'zod';

// Code: text shown exactly as typed in <pre><code>. React escapes it, so markup in the
// code is shown, never run. Server-safe; the editor edits it with CodeMirror (code.fields).

export const CODE_LANGUAGES = ['plain', 'html', 'css', 'javascript'] as const;

export const codeBlockSchema = z.object({
  type: z.literal('code'),
  version: z.literal(1),
  code: z.string().max(20_000),
  language: z.enum(CODE_LANGUAGES),
});
export type CodeBlock = z.infer<typeof codeBlockSchema>;

export function CodeView({ block }: { block: CodeBlock }) {
  return (
    <pre className="block block--code" data-language={block.language}>
      <code>{block.code}</code>
    </pre>
  );
}
