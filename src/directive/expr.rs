//! The expression language of roles, `{claim}` blocks and `nimsite eval`.
