import { CODE_LANGUAGES, type CodeBlock } from '@atelier/contract';
import { codeMessages } from '@atelier/core';
import { lazy, Suspense, useId } from 'react';

// SPEC §5: CodeMirror is not offered on Android (its virtual keyboards and composition
// events fight the editor), a plain text area is.

const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

export const isAndroid = (userAgent: string): boolean => /android/i.test(userAgent);

const LANGUAGE_LABELS: Record<CodeBlock['language'], string> = {
  plain: 'Plain text',
  html: 'HTML',
  css: 'CSS',
  javascript: 'JavaScript',
};

export function CodeFields({
  block,
  onChange,
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
}: {
  block: CodeBlock;
  onChange: (block: CodeBlock) => void;
  userAgent?: string;
}) {
  const id = useId();
  const plain = (
    <textarea
      id={`${id}-code`}
      className="code-textarea"
      rows={10}
      spellCheck={false}
      value={block.code}
      onChange={(e) => onChange({ ...block, code: e.target.value })}
    />
  );
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-language`}>Language</label>
        <select
          id={`${id}-language`}
          value={block.language}
          onChange={(e) =>
            onChange({ ...block, language: e.target.value as CodeBlock['language'] })
          }
        >
          {CODE_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_LABELS[language]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-code`} id={`${id}-code-label`}>
          Code
        </label>
        {isAndroid(userAgent) ? (
          <>
            <p className="field__hint">{codeMessages.android}</p>
            {plain}
          </>
        ) : (
          <Suspense fallback={plain}>
            <CodeEditor
              id={`${id}-code`}
              labelId={`${id}-code-label`}
              value={block.code}
              language={block.language}
              onChange={(code) => onChange({ ...block, code })}
            />
          </Suspense>
        )}
      </div>
    </>
  );
}
