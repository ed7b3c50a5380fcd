import { STYLE_PROPERTIES, styleProperties } from '../../stores/company-settings-styles';
import { DARK_CLASS } from '../../stores/preference-keys';
import { $session } from '../../stores/session';

/**
 * Keeps the properties of `root` (the document's <html>) in step with the session company's
 * styles and the theme, set through the CSSOM (the panel's CSP allows no inline style
 * attributes, but properties set from script are fine). Answers the unsubscribe.
 */
export function followCompanyStyles(root: HTMLElement): () => void {
  const apply = () => {
    const wanted = styleProperties($session.get().user?.company.white_label?.custom_styles, root.classList.contains(DARK_CLASS));
    for (const property of STYLE_PROPERTIES) {
      if (wanted[property]) root.style.setProperty(property, wanted[property]);
      else root.style.removeProperty(property);
    }
  };
  // The theme is the `dark` class on <html> (src/layouts/pre-paint.ts, the header's switch).
  const themes = new MutationObserver(apply);
  themes.observe(root, { attributes: true, attributeFilter: ['class'] });
  const stop = $session.subscribe(apply);
  return () => {
    themes.disconnect();
    stop();
  };
}
