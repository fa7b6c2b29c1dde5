import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { ConsoleApp } from './console-app.js';
import { SessionProvider } from './session.js';
import './console.css';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename="/console">
        <SessionProvider>
          <ConsoleApp />
        </SessionProvider>
      </BrowserRouter>
    </StrictMode>,
  );
