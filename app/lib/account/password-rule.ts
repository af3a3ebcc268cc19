// The one rule for a new password, shared by the browser's form check, Better Auth's endpoints
// (sign-up, reset), the admin command and ADMIN_PASSWORD: long enough, not absurdly long (hashing
// costs), and not one of the passwords every guessing list starts with.

export const PASSWORD_LENGTH = { min: 8, max: 128 } as const;

export const PASSWORD_MESSAGES = {
  tooShort: `A senha deve ter pelo menos ${PASSWORD_LENGTH.min} caracteres`,
  tooLong: `A senha deve ter no máximo ${PASSWORD_LENGTH.max} caracteres`,
  tooCommon: "Essa senha é muito comum e fácil de adivinhar. Escolha outra.",
} as const;

/**
 * The most used passwords of at least 8 characters in public leak lists, Brazilian ones included,
 * in lower case. Short on purpose: it ships to the browser with the registration form.
 */
const COMMON_PASSWORDS = new Set([
  "12345678", "123456789", "1234567890", "12345678910", "123123123", "11111111", "111111111",
  "00000000", "000000000", "88888888", "87654321", "98765432", "99999999", "12341234", "11223344",
  "123456780", "147258369", "159753123", "123321123", "10203040", "01020304", "12345600",
  "password", "password1", "password123", "passw0rd", "p@ssw0rd", "qwerty123", "qwertyuiop",
  "qwerty12", "1q2w3e4r", "1q2w3e4r5t", "q1w2e3r4", "qwer1234", "asdfghjk", "asdf1234",
  "zaq12wsx", "1qaz2wsx", "abc12345", "abcd1234", "a1b2c3d4", "aa123456", "iloveyou",
  "sunshine", "football", "baseball", "princess", "welcome1", "letmein1", "trustno1",
  "superman", "whatever", "starwars", "changeme", "computer", "internet", "mustang1",
  "senha123", "senha1234", "senha12345", "minhasenha", "senhasenha", "mudar123", "trocar123",
  "brasil123", "brasil2014", "brasil10", "flamengo", "flamengo1", "flamengo123", "corinthians",
  "corinthians1", "palmeiras", "saopaulo", "vasco123", "gremio123", "cruzeiro", "botafogo",
  "santos123", "internacional", "fluminense", "gabriel123", "mariana1", "amorzinho", "teamo123",
  "meuamor1", "deus1234", "jesus123", "jesuscristo", "familia1", "vitoria1", "estrela1",
  "loja1234", "erick123", "admin123", "administrador", "administrator", "admin1234",
]);

/** What is wrong with `password` as a new password, in pt-BR; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_LENGTH.min) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_LENGTH.max) return PASSWORD_MESSAGES.tooLong;
  if (COMMON_PASSWORDS.has(password.trim().toLowerCase())) return PASSWORD_MESSAGES.tooCommon;
  return null;
}
