import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  return <p>Perch</p>;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
