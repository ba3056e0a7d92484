import '../../extension/ui/approver.css';
import { render } from 'preact';
import { App } from './app.tsx';
import { createDirectPort } from './direct-port.ts';
import { codeFromFragment, fragmentWithoutCode } from './pair-code.ts';

// The code leaves the address bar (and the history entry) before anything else happens, so
// it is neither bookmarked nor shared by accident; it is single use anyway.
const codeFromUrl = codeFromFragment(location.hash);
if (codeFromUrl !== null)
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${location.search}${fragmentWithoutCode(location.hash)}`,
  );

const port = createDirectPort({ origin: location.origin, storage: localStorage });
const root = document.getElementById('root');
if (root) render(<App port={port} codeFromUrl={codeFromUrl} />, root);
