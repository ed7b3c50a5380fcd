import { createHash } from 'node:crypto';
import { DARK_CLASS, DARK_KEY, SIDEBAR_KEY } from '../stores/preference-keys';

/**
 * Applies the saved theme and sidebar state before the first paint (issue: a dark-mode user
 * first saw a light page while a deferred module script loaded). It runs inline in <head>, so
 * it must stay tiny and dependency-free; the CSP allows it by the hash below, which
 * astro.config.mjs adds to script-src.
 */
export const PRE_PAINT_SCRIPT = `try{var s=localStorage,d=document.documentElement;if(s.getItem(${JSON.stringify(DARK_KEY)})==="true")d.classList.add(${JSON.stringify(DARK_CLASS)});var b=s.getItem(${JSON.stringify(SIDEBAR_KEY)});if(b)d.dataset.sidebar=b}catch(e){}`;

/** The script's CSP source expression. */
export const PRE_PAINT_HASH = `sha256-${createHash('sha256').update(PRE_PAINT_SCRIPT).digest('base64')}` as const;
