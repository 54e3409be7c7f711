//! Rendering statements back as LaTeX (for the page) and Unicode text (for messages and
//! the claims page), and explaining a verdict in words.
//!
//! A nim-power must not look like an ordinary power, so a nim-power with a positive
//! exponent is marked with `⊗` in the exponent: `2^{\otimes 3}` in LaTeX, `2^⊗3` in text.
//! An ordinary power of integers (`2**64`) is written as a power, `2^{64}` and `2⁶⁴`. A
//! negative exponent is always the nim-inverse, so `4^{-1}` and `4⁻¹` need no mark. The
//! ordinal power `w**3` is an ordinary power too, `\omega^{3}` and `ω³`, while the
//! nim-power `w^3` is `\omega^{\otimes 3}` and `ω^⊗3`.

use super::ast::{
    Bound, CallForm, Expr, Func, Lit, Meaning, Node, QuantKind, Quantifier, Statement,
};
use super::quant::{Role, Verdict};

impl Statement {
    /// Renders the statement in LaTeX, nim-powers marked with `\otimes`.
    pub fn to_latex(&self) -> String {
        self.render(true)
    }

    /// Renders the statement in Unicode text, nim-powers marked with `⊗`.
    pub fn to_text(&self) -> String {
        self.render(false)
    }

    fn render(&self, latex: bool) -> String {
        let mut s: String = self.quants.iter().map(|q| q.render(latex)).collect();
        s.push_str(&self.first.render(latex));
        for l in &self.links {
            let op = if latex { l.cmp.latex() } else { l.cmp.text() };
            s.push_str(&format!(" {op} {}", l.rhs.render(latex)));
        }
        s
    }

    /// Explains a verdict of this statement in words, for a message: the deciding case,
    /// the failing link with its values, the number of cases and the reading.
    pub fn explain(&self, v: &Verdict) -> String {
        let mut parts = Vec::new();
        if !v.bindings.is_empty() {
            let at: Vec<String> = v
                .bindings
                .iter()
                .map(|b| format!("{} = {}", b.name, b.value))
                .collect();
            let what = match (v.bindings[0].role, v.holds) {
                (Role::Witness, true) => "witness",
                (Role::Counterexample, false) => "counterexample",
                _ => "at",
            };
            parts.push(format!("{what} {}", at.join(", ")));
        }
        if let Some(vals) = &v.values {
            parts.push(self.describe_values(vals, v.holds));
        } else if !v.holds && !self.quants.is_empty() {
            let free: Vec<&str> = self
                .quants
                .iter()
                .flat_map(|q| q.names())
                .skip(v.bindings.len())
                .collect();
            parts.push(format!("no value of {} works", free.join(", ")));
        }
        if !self.quants.is_empty() {
            let n = v.cases;
            parts.push(format!("{n} case{} checked", if n == 1 { "" } else { "s" }));
        }
        if let Some(r) = self.describe_reading(&v.reading) {
            parts.push(if v.holds {
                r
            } else {
                "under the nimber reading; no other reading holds either".to_string()
            });
        }
        let head = if v.holds { "holds" } else { "fails" };
        if parts.is_empty() {
            head.to_string()
        } else {
            format!("{head}: {}", parts.join("; "))
        }
    }

    fn describe_values(&self, vals: &super::quant::Values, holds: bool) -> String {
        let t = &vals.terms;
        if t.len() < 2 {
            return String::new();
        }
        let link = vals.failing.unwrap_or(t.len() - 2);
        let terms: Vec<&Expr> = self.terms().collect();
        // A set's value is a mask: show its members.
        let show = |i: usize| match (&t[i], terms.get(i)) {
            (super::Value::Nim(mask), Some(e)) if super::parser::is_set(e) => {
                let members: Vec<String> = (0..128)
                    .filter(|v| mask >> v & 1 == 1)
                    .map(|v: u32| v.to_string())
                    .collect();
                format!("{{{}}}", members.join(", "))
            }
            (v, _) => v.to_string(),
        };
        let (l, r) = (show(link), show(link + 1));
        let sides = format!("the left side is {l} and the right side is {r}");
        if self.links.len() == 1 || holds {
            return sides;
        }
        let cmp = self.links[link].cmp.text();
        format!("link {} (`{cmp}`) fails: {sides}", link + 1)
    }
}

impl Quantifier {
    fn render(&self, latex: bool) -> String {
        let range = self.range(latex);
        match (self.kind, latex) {
            (QuantKind::Forall, true) => format!("\\forall {range} :\\ "),
            (QuantKind::Exists, true) => format!("\\exists {range} :\\ "),
            (QuantKind::Forall, false) => format!("∀ {range}: "),
            (QuantKind::Exists, false) => format!("∃ {range}: "),
        }
    }

    /// Renders the variables and their range, `a < 16` or `a ∈ {1, 2}`.
    pub(crate) fn range(&self, latex: bool) -> String {
        let names: Vec<&str> = self.names().collect();
        let names = names.join(", ");
        let lit = |l: &Lit| l.render(latex);
        let cmp = |c: super::ast::Cmp| if latex { c.latex() } else { c.text() };
        match &self.bound {
            Bound::Upper(c, hi) => format!("{names} {} {}", cmp(*c), lit(hi)),
            Bound::Between(lo, c1, c2, hi) => {
                format!("{} {} {names} {} {}", lit(lo), cmp(*c1), cmp(*c2), lit(hi))
            }
            Bound::Set(items) => {
                let items: Vec<String> = items.iter().map(lit).collect();
                if latex {
                    format!("{names} \\in \\{{{}\\}}", items.join(", "))
                } else {
                    format!("{names} ∈ {{{}}}", items.join(", "))
                }
            }
        }
    }
}

impl Lit {
    pub(crate) fn render(&self, latex: bool) -> String {
        match self {
            Lit::Num { text, .. } => {
                if latex && !text.bytes().all(|b| b.is_ascii_digit()) {
                    format!("\\mathtt{{{text}}}")
                } else {
                    text.clone()
                }
            }
            Lit::Pow(b, e) => power(&b.render(latex), &e.render(latex), latex, false),
            Lit::Sub(a, b) => format!("{} - {}", a.render(latex), b.render(latex)),
            Lit::Set(items) => {
                let items: Vec<String> = items.iter().map(|x| x.render(latex)).collect();
                if latex {
                    format!("\\{{{}\\}}", items.join(", "))
                } else {
                    format!("{{{}}}", items.join(", "))
                }
            }
        }
    }
}

/// Renders `base` to the power `exp`, marking a nim-power.
fn power(base: &str, exp: &str, latex: bool, nim: bool) -> String {
    match (latex, nim) {
        (true, true) => format!("{base}^{{\\otimes {exp}}}"),
        (true, false) => format!("{base}^{{{exp}}}"),
        (false, true) if exp.bytes().all(|b| b.is_ascii_digit()) => format!("{base}^⊗{exp}"),
        (false, true) => format!("{base}^⊗({exp})"),
        (false, false) => match superscript(exp) {
            Some(s) => format!("{base}{s}"),
            None => format!("{base}^({exp})"),
        },
    }
}

impl Expr {
    /// Renders the expression in Unicode text.
    pub fn to_text(&self) -> String {
        self.render(false)
    }

    /// Renders the expression in LaTeX.
    pub fn to_latex(&self) -> String {
        self.render(true)
    }

    fn render(&self, latex: bool) -> String {
        match &self.node {
            Node::Lit(l) => l.render(latex),
            Node::Var(n) if latex && n.len() > 1 => format!("\\mathit{{{n}}}"),
            Node::Var(n) => n.clone(),
            Node::Sum(a, b, m) => {
                let op = match (m, latex) {
                    (Meaning::Nim, true) => "\\oplus",
                    (Meaning::Nim, false) => "⊕",
                    _ => "+",
                };
                format!("{} {op} {}", a.render(latex), b.render(latex))
            }
            Node::Prod(a, b, m) => {
                let op = match (m, latex) {
                    (Meaning::Nim, true) => "\\otimes",
                    (Meaning::Nim, false) => "⊗",
                    (_, true) => "\\times",
                    (_, false) => "×",
                };
                format!("{} {op} {}", a.render(latex), b.render(latex))
            }
            // A fraction's bar groups it already.
            Node::Paren(a) if latex && matches!(a.node, Node::Quot(..)) => a.render(true),
            Node::Paren(a) if latex => format!("\\left({}\\right)", a.render(true)),
            Node::Paren(a) => format!("({})", a.render(false)),
            Node::Star(a) if latex => format!("\\ast {}", a.render(true)),
            Node::Star(a) => format!("*{}", a.render(false)),
            Node::Pow(base, exp, m) => {
                let b = base.render(latex);
                let e = exp.lit.render(latex);
                if exp.negative {
                    return power(&b, &format!("-{e}"), latex, false);
                }
                power(&b, &e, latex, *m == Meaning::Nim)
            }
            Node::Call(f, args, form) => render_call(*f, args, *form, latex),
            Node::Omega if latex => "\\omega".to_string(),
            Node::Omega => "ω".to_string(),
            Node::Game(name, arg, _) if latex => {
                format!("\\operatorname{{{name}}}({})", arg.render(true))
            }
            Node::Game(name, arg, _) => format!("{name}({})", arg.render(false)),
            Node::GameProp(p, name, _) if latex => {
                let args = p.args(&format!("\\mathrm{{{name}}}"));
                format!("\\operatorname{{{}}}({args})", p.name())
            }
            Node::GameProp(p, name, _) => format!("{}({})", p.name(), p.args(name)),
            Node::Diff(a, b) => format!("{} - {}", a.render(latex), b.render(latex)),
            Node::Quot(a, b, _) if latex => {
                // A fraction's bar groups its parts; brackets read from `\frac` are dropped.
                let part = |x: &Expr| match &x.node {
                    Node::Paren(inner) => inner.render(true),
                    _ => x.render(true),
                };
                format!("\\frac{{{}}}{{{}}}", part(a), part(b))
            }
            Node::Quot(a, b, _) => {
                // Brackets around a number or a name, read from `\frac{1}{2}`, are dropped.
                let part = |x: &Expr| match &x.node {
                    Node::Paren(inner) if matches!(inner.node, Node::Lit(_) | Node::Var(_)) => {
                        inner.render(false)
                    }
                    _ => x.render(false),
                };
                format!("{} / {}", part(a), part(b))
            }
            Node::CountOf(q, first, links) => {
                let mut chain = first.render(latex);
                for l in links {
                    let op = if latex { l.cmp.latex() } else { l.cmp.text() };
                    chain.push_str(&format!(" {op} {}", l.rhs.render(latex)));
                }
                let range = q.range(latex);
                if latex {
                    format!("\\operatorname{{count}}\\{{{range} : {chain}\\}}")
                } else {
                    format!("count{{{range}: {chain}}}")
                }
            }
            Node::OrdPow(base, exp) => {
                let b = base.render(latex);
                let inner = match &exp.node {
                    Node::Paren(e) => e,
                    _ => exp,
                };
                let e = inner.render(latex);
                match (latex, &inner.node) {
                    (true, _) => format!("{b}^{{{e}}}"),
                    (false, Node::Omega) => format!("{b}^ω"),
                    (false, _) => power(&b, &e, false, false),
                }
            }
        }
    }
}

fn render_call(f: Func, args: &[Expr], form: CallForm, latex: bool) -> String {
    let inner: Vec<String> = args.iter().map(|a| a.render(latex)).collect();
    let inner = inner.join(", ");
    match (latex, f, form) {
        (true, Func::Alpha, _) => format!("\\alpha_{{{inner}}}"),
        (true, Func::Excess, _) => format!("m_{{{inner}}}"),
        (true, Func::Deg, _) => format!("\\deg({inner})"),
        (latex, Func::Rem, _) if args.len() == 2 => {
            let (a, n) = (args[0].render(latex), args[1].render(latex));
            if latex {
                format!("\\left({a} \\bmod {n}\\right)")
            } else {
                format!("({a} mod {n})")
            }
        }
        (false, Func::Alpha, _) => format!("α{}", subscript(&inner)),
        (false, Func::Excess, _) => format!("m{}", subscript(&inner)),
        (true, Func::Sqrt, _) => format!("\\sqrt{{{inner}}}"),
        (true, Func::Count(k), _) => {
            format!("\\operatorname{{count}}(\\text{{{}}}, {inner})", k.name())
        }
        (false, Func::Count(k), _) => format!("count({}, {inner})", k.name()),
        (true, f, CallForm::Set) => format!("\\operatorname{{{}}}\\{{{inner}\\}}", f.name()),
        (true, f, _) => format!("\\operatorname{{{}}}({inner})", f.name()),
        (false, f, _) => format!("{}({inner})", f.name()),
    }
}

/// Returns a subscript for the text: Unicode subscript digits for a plain decimal, else
/// `_(text)`.
fn subscript(s: &str) -> String {
    const DIGITS: [char; 10] = ['₀', '₁', '₂', '₃', '₄', '₅', '₆', '₇', '₈', '₉'];
    if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
        s.chars()
            .filter_map(|c| c.to_digit(10).map(|d| DIGITS[d as usize]))
            .collect()
    } else {
        format!("_({s})")
    }
}

/// Returns the text in Unicode superscripts, if it is a plain signed decimal.
fn superscript(s: &str) -> Option<String> {
    const DIGITS: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    if s.is_empty() {
        return None;
    }
    s.chars()
        .map(|c| match c {
            '-' => Some('⁻'),
            d => d.to_digit(10).map(|v| DIGITS[v as usize]),
        })
        .collect()
}
