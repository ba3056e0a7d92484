import { render } from 'preact';
import { browserDeps } from '../../lib/options-actions.ts';
import { createPopupPort } from '../../lib/popup-port.ts';
import { OptionsPage } from './OptionsPage.tsx';

const root = document.getElementById('root');
if (root) render(<OptionsPage deps={browserDeps} port={createPopupPort()} />, root);
