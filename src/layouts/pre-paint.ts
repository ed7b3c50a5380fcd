import { createHash } from 'node:crypto';
import { DARK_CLASS, DARK_KEY } from '../stores/preference-keys';

/**
 * Applies the saved theme before the first paint (a deferred module script left a dark-mode
 * user looking at a light page first). It runs inline in <head>, so it stays tiny and
 * dependency-free; the CSP allows it by the hash below, which astro.config.mjs adds to
 * script-src. The sidebar needs nothing here: the shell, sidebar included, is drawn by script.
 */
export const PRE_PAINT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(DARK_KEY)})==="true")document.documentElement.classList.add(${JSON.stringify(DARK_CLASS)})}catch(e){}`;

/** The script's CSP source expression. */
export const PRE_PAINT_HASH = `sha256-${createHash('sha256').update(PRE_PAINT_SCRIPT).digest('base64')}` as const;
