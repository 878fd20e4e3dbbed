import { antdHidingRules } from '../components/antdHidingRules';

describe("the component tests' antd style sheets (ADR 073)", () => {
  it('keep the rules that hide and drop the ones that only style', () => {
    const css =
      '.ant-drawer .ant-drawer-content-wrapper-hidden{display:none;}' +
      '.ant-btn{color:red;padding:4px 15px;}' +
      '.ant-tabs .ant-tabs-content-hidden{visibility: hidden !important}' +
      '.ant-select-dropdown{display:block;}';
    expect(antdHidingRules(css)).toBe(
      '.ant-drawer .ant-drawer-content-wrapper-hidden{display:none;}' +
        '.ant-tabs .ant-tabs-content-hidden{visibility: hidden !important}',
    );
  });

  it('leave out at-rules, whose rules hold only sometimes, and read past their nested braces', () => {
    const css =
      '@media (max-width:575px){.ant-col-xs-0{display:none;}}' +
      '@keyframes spin{100%{transform:rotate(360deg);}}' +
      '.ant-select-dropdown-hidden{display:none;}';
    expect(antdHidingRules(css)).toBe('.ant-select-dropdown-hidden{display:none;}');
  });

  it('take only display and visibility for hiding, not other properties set to none', () => {
    expect(antdHidingRules('.a{pointer-events:none;}.b{user-select:none;display:flex;}')).toBe('');
  });
});
