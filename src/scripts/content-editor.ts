/**
 * The content editor page's module: loads the CMS bundle the site serves (never a CDN), checks every
 * save with the build's schemas before anything is written (a refused save shows the message naming
 * the file and field) and starts the CMS with the configuration the page carries. On a local run the
 * CMS edits the working tree through decap-server, reached on the page's own origin.
 */
import { CONTENT_EDITOR_BUNDLE, CONTENT_EDITOR_LOCAL_API, type EditorConfig } from '../domain/content-editor/config';
import { EditorSession, emptyFieldPaths } from '../domain/content-editor/validate';
import type { ContentContext } from '../domain/content-context';

/** The part of Immutable.js the CMS hands to event handlers. */
interface ImmutableValue {
  get(key: string): ImmutableValue | string | undefined;
  toJS(): unknown;
  deleteIn(path: ReadonlyArray<string | number>): ImmutableValue;
}

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
    handler: ({ entry }) => {
      const data = entry.get('data') as ImmutableValue;
      const plain = data.toJS() as Record<string, unknown>;
      const mediaFiles = ((entry.get('mediaFiles') as ImmutableValue | undefined)?.toJS() ?? []) as Array<{ path?: string }>;
      // Throws a ContentFileError naming the file and the fields: the CMS then shows it and writes nothing.
      session.check({
        collection: String(entry.get('collection')),
        slug: String(entry.get('slug') ?? ''),
        data: plain,
        mediaFiles: mediaFiles.flatMap((file) => (file.path ? [file.path] : [])),
      });
      // Emptied optional fields are left out of the file, as if never set.
      return emptyFieldPaths(plain).reduce((kept, path) => kept.deleteIn(path), data);
    },
  });
  const localBackend = { url: new URL(CONTENT_EDITOR_LOCAL_API, window.location.href).href };
  cms.init({ config: { ...config, local_backend: localBackend } });
  document.querySelector('[data-content-editor-status]')?.remove();
}

const config = readJson<EditorConfig>('content-editor-config');
const session = new EditorSession(readJson<ContentContext>('content-editor-context'));
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
