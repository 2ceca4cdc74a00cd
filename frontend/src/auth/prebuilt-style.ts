/** The prebuilt /auth pages in the site's colours and type (frontend/src/styles.css). */
export const prebuiltUiStyle = `
  [data-supertokens~=container] {
    --palette-background: 255, 255, 255;
    --palette-inputBackground: 255, 255, 255;
    --palette-inputBorder: 229, 231, 235;
    --palette-primary: 79, 70, 229;
    --palette-primaryBorder: 55, 48, 163;
    --palette-textTitle: 17, 24, 39;
    --palette-textLabel: 17, 24, 39;
    --palette-textPrimary: 75, 85, 99;
    --palette-textLink: 79, 70, 229;
    --palette-error: 185, 28, 28;
    --palette-success: 4, 120, 87;
    font-family: Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    border: 1px solid rgb(229, 231, 235);
    border-radius: 12px;
    box-shadow: 0 10px 30px rgba(17, 24, 39, 0.06);
    margin: 48px auto;
  }
  [data-supertokens~=button] { border-radius: 10px; font-weight: 600; font-family: inherit; }
  [data-supertokens~=providerButton] { border-radius: 10px; font-family: inherit; font-weight: 600; min-height: 42px; }
  [data-supertokens~=input] { border-radius: 10px; }
  [data-supertokens~=inputWrapper] { border-radius: 10px; }
  [data-supertokens~=headerTitle] { letter-spacing: -0.02em; }
`;
