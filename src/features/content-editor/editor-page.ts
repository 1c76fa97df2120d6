/**
 * The content editor page's module: loads the CMS bundle the site serves (never a CDN), checks every
 * save with the build's content check across all the files before anything is written (a refused
 * save shows the message naming the file and field) and starts the CMS with the configuration the
 * page carries. On a local run the CMS edits the working tree through decap-server, reached on the
 * page's own origin.
 */
import { CONTENT_EDITOR_BUNDLE, CONTENT_EDITOR_LOCAL_API, type EditorConfig } from './config';
import { EditorSession } from './validate';
import { preSave, type ImmutableValue } from './pre-save';
import type { ContentSet } from '../../domain/content-check';

interface DecapCms {
  init(options: { config: Record<string, unknown> }): void;
  registerEventListener(listener: { name: 'preSave'; handler: (event: { entry: ImmutableValue }) => ImmutableValue }): void;
}

declare global {
  interface Window {
    CMS_MANUAL_INIT?: boolean;
    CMS?: DecapCms;
  }
}

function readJson<T>(id: string): T {
  const element = document.getElementById(id);
  if (!element?.textContent) throw new Error(`content editor: #${id} is missing from the page`);
  return JSON.parse(element.textContent) as T;
}

function startEditor(cms: DecapCms, config: EditorConfig, session: EditorSession): void {
  cms.registerEventListener({
    name: 'preSave',
    // A refusal throws: the CMS shows the message and writes nothing.
    handler: ({ entry }) => preSave(session, entry),
  });
  const localBackend = { url: new URL(CONTENT_EDITOR_LOCAL_API, window.location.href).href };
  cms.init({ config: { ...config, local_backend: localBackend } });
  document.querySelector('[data-content-editor-status]')?.remove();
}

const config = readJson<EditorConfig>('content-editor-config');
const session = new EditorSession(readJson<ContentSet>('content-editor-content'));
window.CMS_MANUAL_INIT = true;
const bundle = document.createElement('script');
bundle.src = CONTENT_EDITOR_BUNDLE;
bundle.addEventListener('load', () => {
  if (window.CMS) startEditor(window.CMS, config, session);
});
bundle.addEventListener('error', () => {
  const status = document.querySelector('[data-content-editor-status] [role="status"]');
  if (status) status.textContent = 'The editor could not be loaded. Reload the page to try again.';
});
document.head.append(bundle);
