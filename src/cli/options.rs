//! Option values clap parses for us, with errors that say what is allowed:
//! clap prefixes them with the option's name ("invalid value '-1' for
//! '--seed <SEED>': ..."), so every such error names the option and the range.

/// A parser of whole numbers from `min` to `max` (as type `T`).
pub fn whole_number<T>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64>,
{
    move |text: &str| {
        let wrong = || format!("expected a whole number from {min} to {max}, got `{text}`");
        let value: u64 = text.trim().parse().map_err(|_| wrong())?;
        if value < min || value > max {
            return Err(wrong());
        }
        T::try_from(value).map_err(|_| wrong())
    }
}

#[cfg(test)]
mod tests {
    use super::whole_number;

    #[test]
    fn accepts_the_range_and_names_it_otherwise() {
        let threads = whole_number::<u16>(0, 1024);
        assert_eq!(threads("0"), Ok(0));
        assert_eq!(threads("1024"), Ok(1024));
        for bad in ["-1", "1025", "two", "1.5", ""] {
            let message = threads(bad).unwrap_err();
            assert!(message.contains("from 0 to 1024"), "{message}");
            assert!(message.contains(&format!("`{bad}`")), "{message}");
        }
    }
}
