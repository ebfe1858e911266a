import { menuLinksOf } from '../../../../src/server/site/menu-links';

describe('menuLinksOf', () => {
  it('keeps each {label, url} with a label and a safe URL, in order', () => {
    const links = [
      { label: 'About', url: '/about' },
      { label: 'Partner', url: 'https://partner.example.org/' },
    ];
    expect(menuLinksOf(links)).toEqual({ links, invalid: [] });
  });

  it('drops and reports an entry without a label to show, or that is not a link at all', () => {
    const { links, invalid } = menuLinksOf([{ url: '/no-label' }, { label: '  ', url: '/blank' }, { label: 'No URL' }, 'Contact', null, { label: 'Kept', url: '/kept' }]);
    expect(links).toEqual([{ label: 'Kept', url: '/kept' }]);
    expect(invalid).toEqual([
      { field: 'menu.other_menu_option', value: '{"url":"/no-label"}' },
      { field: 'menu.other_menu_option', value: '{"label":"  ","url":"/blank"}' },
      { field: 'menu.other_menu_option', value: '{"label":"No URL"}' },
      { field: 'menu.other_menu_option', value: '"Contact"' },
      { field: 'menu.other_menu_option', value: 'null' },
    ]);
  });

  it('drops a link whose URL may not reach a page without reporting it', () => {
    expect(menuLinksOf([{ label: 'Script', url: 'javascript:alert(1)' }])).toEqual({ links: [], invalid: [] });
  });
});
