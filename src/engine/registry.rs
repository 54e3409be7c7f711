//! The directives a site knows, as the site hands them to the engine. The engine never
//! lists them itself: the catalogue builds one registry, and everything that needs a
//! directive by name (reading a fence, suggesting a near name, loading partials) asks it.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use super::Directive;
use super::view::Partials;

/// The block directives a site knows, with their built-in partials.
pub struct Registry {
    directives: &'static [&'static dyn Directive],
    partials: OnceLock<Partials>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.names()).finish()
    }
}

impl Registry {
    /// Returns a registry of `directives`, in the order they are documented.
    pub const fn new(directives: &'static [&'static dyn Directive]) -> Registry {
        Registry {
            directives,
            partials: OnceLock::new(),
        }
    }

    /// Returns every directive, in order.
    pub fn directives(&self) -> &'static [&'static dyn Directive] {
        self.directives
    }

    /// Returns the directive written `{name}`, if there is one.
    pub fn get(&self, name: &str) -> Option<&'static dyn Directive> {
        self.directives.iter().copied().find(|d| d.name() == name)
    }

    /// Returns every directive's name, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.directives.iter().map(|d| d.name()).collect()
    }

    /// Returns the partials that ship with the directives.
    pub fn partials(&self) -> &Partials {
        self.partials.get_or_init(|| {
            self.partials_with(&BTreeMap::new())
                .unwrap_or_else(|_| Partials::empty())
        })
    }

    /// Returns the built-in partials with any of `overrides` (template name to source,
    /// such as `directives/table.html`) put in their place.
    pub fn partials_with(
        &self,
        overrides: &BTreeMap<String, String>,
    ) -> Result<Partials, tera::Error> {
        let own = self
            .directives
            .iter()
            .map(|d| (format!("directives/{}.html", d.name()), d.partial()));
        Partials::with_overrides(own, overrides)
    }
}
