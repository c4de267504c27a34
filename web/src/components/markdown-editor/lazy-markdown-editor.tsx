// The markdown editor for views that show a note only on demand (a unit's notes, a list entry's
// note): its code, markdown-it's renderer included (about 40 kB compressed), loads when the first
// note is shown, not with the view. Once loaded it renders at once, without a fallback frame.
import { useEffect, useState } from 'react';
import type * as Editor from './markdown-editor';
import { EditorLoading } from './preview-placeholder';

type EditorModule = typeof Editor;
type MarkdownEditorProps = Editor.MarkdownEditorProps;

let loaded: EditorModule | undefined;
let loading: Promise<EditorModule> | undefined;

/** Starts loading the editor's code (a hover or a focus on what opens a note may call it early). */
export function preloadMarkdownEditor(): Promise<EditorModule> {
  loading ??= import('./markdown-editor').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A failed download (a new deploy, a dropped connection) is tried again on the next call.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** MarkdownEditor, loaded on first use; until then a spinner holds its place. */
export function LazyMarkdownEditor(props: MarkdownEditorProps) {
  const [module, setModule] = useState(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (module) return;
    let live = true;
    preloadMarkdownEditor().then(
      (value) => live && setModule(value),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [module]);
  // A failed download: the error boundary around the view offers to reload.
  if (failed) throw new Error('The markdown editor could not be loaded.');
  if (!module) {
    if (!props.readOnly) return <EditorLoading />;
    // The note's region is there at once, busy, so a screen reader's landmark does not move.
    return (
      <div id={props.id} role="region" aria-label={props.label} aria-busy="true">
        <EditorLoading className="h-[35rem]" />
      </div>
    );
  }
  const { MarkdownEditor } = module;
  return <MarkdownEditor {...props} />;
}
