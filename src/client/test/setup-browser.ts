import { configure } from '@testing-library/react';
import './setup';

// The browser fetches each lazy chunk from Vite on first use; on a loaded machine that outlasts
// Testing Library's default second, and the first test of a file failed waiting for a dialog.
configure({ asyncUtilTimeout: 3000 });
