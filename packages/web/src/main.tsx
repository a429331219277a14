import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The installed app opens without a connection too (see public/sw.js); not in development,
// where Vite serves the files.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/ui/sw.js', { scope: '/ui/' }).catch(() => undefined);
  });
}

// Messages first, so even the loading indicator speaks the user's language.
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
