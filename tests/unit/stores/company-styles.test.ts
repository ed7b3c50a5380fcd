import { describe, expect, it } from 'vitest';
import { companyLogo, readableOn, STYLE_PROPERTIES, styleProperties } from '../../../src/stores/company-settings-styles';

/** A partner's custom styles as the properties of the page (spec part 3, 2.9). */
describe("a partner company's styles", () => {
  const styles = {
    primary_color: '#0b4fb3',
    header_background_color: '#ffffff',
    primary_button_color: '#0b5e2f',
    primary_button_hover_color: '#084a25',
    primary_button_text_color: '#ffffff',
    primary_button_hover_text_color: '#ffffff',
  };

  it('sets the link, header and button properties, with a header text that reads on the header', () => {
    expect(styleProperties(styles)).toEqual({
      '--link': '#0b4fb3',
      '--focus': '#0b4fb3',
      '--active-text': '#0b4fb3',
      '--header-bg': '#ffffff',
      '--header-text': '#000000',
      '--primary': '#0b5e2f',
      '--primary-hover': '#084a25',
      '--on-primary': '#ffffff',
      '--on-primary-hover': '#ffffff',
    });
    expect(readableOn('#101010')).toBe('#ffffff');
    expect(Object.keys(styleProperties(styles)).every((property) => STYLE_PROPERTIES.includes(property))).toBe(true);
  });

  it('keeps only the buttons in the dark theme, and nothing that is not a colour', () => {
    expect(Object.keys(styleProperties(styles, true)).sort()).toEqual(['--on-primary', '--on-primary-hover', '--primary', '--primary-hover']);
    expect(styleProperties({ primary_color: 'blue', header_background_color: 'url(x)', unknown: '#ffffff' })).toEqual({});
    expect(styleProperties(null)).toEqual({});
  });

  it('shows an uploaded logo only as an image data URL', () => {
    expect(companyLogo({ logo: 'data:image/png;base64,iVBORw0KGgo=' })).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(companyLogo({ logo: 'https://cdn.example.test/logo.png' })).toBeNull();
    expect(companyLogo(null)).toBeNull();
  });
});
