//! The cluster files under deploy/ read as data: the Kubernetes Indexed Job
//! and merge Job agree on the scenario, the shard count, the folders and
//! the volume (the count from `--shards` or the scenario's `[shards]
//! count`); the Slurm scripts pass `--shard auto`, merge every index and
//! chain the merge with `--dependency=afterok`; the scenario they name
//! exists and `dilemma run --shard auto` accepts the Indexed Job's variables
//! as the manifest passes them; the volume claim is ReadWriteMany, the
//! merge Job's service account may read jobs, its wait script (run here
//! against a stand-in kubectl) ends on completion, fails fast on failure
//! and gives up after WAIT_SECONDS.

use std::path::PathBuf;
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn json(path: &str) -> serde_json::Value {
    let text = std::fs::read_to_string(root().join(path)).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn strings(value: &serde_json::Value) -> Vec<String> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect()
}

fn after<'a>(args: &'a [String], flag: &str) -> &'a str {
    let i = args
        .iter()
        .position(|a| a == flag)
        .unwrap_or_else(|| panic!("no {flag} in {args:?}"));
    &args[i + 1]
}

#[test]
fn the_kubernetes_jobs_agree() {
    let shards = json("deploy/kubernetes/shards-job.json");
    let merge = json("deploy/kubernetes/merge-job.json");
    for job in [&shards, &merge] {
        assert_eq!(job["apiVersion"], "batch/v1");
        assert_eq!(job["kind"], "Job");
        assert_eq!(job["spec"]["template"]["spec"]["restartPolicy"], "Never");
    }
    let spec = &shards["spec"];
    assert_eq!(spec["completionMode"], "Indexed");
    let completions = spec["completions"].as_u64().unwrap();
    assert_eq!(spec["parallelism"].as_u64(), Some(completions));
    let container = &spec["template"]["spec"]["containers"][0];
    let args = strings(&container["args"]);
    assert_eq!(args[0], "run");
    assert_eq!(after(&args, "--shard"), "auto");
    let scenario = args[1].clone();
    let out = after(&args, "--out").to_string();
    // The image carries scenarios/ at /scenarios: the file must exist here.
    let local = root().join(scenario.trim_start_matches('/'));
    assert!(local.exists(), "{}", local.display());
    let text = std::fs::read_to_string(&local).unwrap();
    let name = text
        .lines()
        .find_map(|l| l.strip_prefix("name = \""))
        .map(|l| l.trim_end_matches('"').to_string())
        .unwrap();
    // The shard count: `--shards N`, or the scenario's `[shards] count`;
    // either way the Job's completions.
    let count = match args.iter().position(|a| a == "--shards") {
        Some(i) => args[i + 1].parse::<u64>().unwrap(),
        None => {
            let table: toml::Table = text.parse().unwrap();
            table["shards"]["count"].as_integer().unwrap() as u64
        }
    };
    assert_eq!(count, completions);

    // The merge step lists every index exactly once, from the shards' --out.
    let merge_spec = &merge["spec"]["template"]["spec"];
    let merge_args = strings(&merge_spec["containers"][0]["args"]);
    assert_eq!(merge_args[0], "merge");
    let folders: Vec<&String> = merge_args[1..]
        .iter()
        .take_while(|a| !a.starts_with("--"))
        .collect();
    let expected: Vec<String> = (0..completions)
        .map(|i| format!("{out}/{name}.shard-{i}-of-{completions}"))
        .collect();
    assert_eq!(folders, expected.iter().collect::<Vec<_>>());
    assert_ne!(
        after(&merge_args, "--out"),
        out,
        "results apart from shards"
    );
    // It waits for the shards Job by name, with the script of
    // wait-for-shards.sh verbatim, bounded (WAIT_SECONDS, and the Job's
    // own deadline beyond it), as the service account the Role lets read
    // jobs.
    let wait = strings(&merge_spec["initContainers"][0]["command"]);
    let script =
        std::fs::read_to_string(root().join("deploy/kubernetes/wait-for-shards.sh")).unwrap();
    assert_eq!(wait[..3], ["sh".to_string(), "-c".into(), script]);
    assert_eq!(wait[4], shards["metadata"]["name"].as_str().unwrap());
    let env = &merge_spec["initContainers"][0]["env"];
    let wait_seconds: u64 = env
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == "WAIT_SECONDS")
        .and_then(|e| e["value"].as_str())
        .unwrap()
        .parse()
        .unwrap();
    let deadline = merge["spec"]["activeDeadlineSeconds"].as_u64().unwrap();
    assert!(
        wait_seconds < deadline,
        "{wait_seconds} s, deadline {deadline} s"
    );
    let account = merge_spec["serviceAccountName"].as_str().unwrap();
    assert_eq!(
        json("deploy/kubernetes/service-account.json")["metadata"]["name"],
        account
    );
    let binding = json("deploy/kubernetes/role-binding.json");
    assert_eq!(binding["subjects"][0]["kind"], "ServiceAccount");
    assert_eq!(binding["subjects"][0]["name"], account);
    let role = json("deploy/kubernetes/role.json");
    assert_eq!(binding["roleRef"]["name"], role["metadata"]["name"]);
    let rule = &role["rules"][0];
    assert_eq!(strings(&rule["apiGroups"]), ["batch"]);
    assert_eq!(strings(&rule["resources"]), ["jobs"]);
    for verb in ["get", "watch"] {
        assert!(strings(&rule["verbs"]).contains(&verb.to_string()));
    }
    // The claim both Jobs mount exists and many pods can write it at once.
    let volume = json("deploy/kubernetes/volume-claim.json");
    assert_eq!(volume["kind"], "PersistentVolumeClaim");
    assert_eq!(strings(&volume["spec"]["accessModes"]), ["ReadWriteMany"]);
    assert_eq!(
        volume["metadata"]["name"],
        shards["spec"]["template"]["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"]
    );
    // The image holds the strategy files scenarios name as ../strategies/.
    let dockerfile = std::fs::read_to_string(root().join("deploy/kubernetes/Dockerfile")).unwrap();
    assert!(
        dockerfile.contains("/src/strategies /strategies"),
        "{dockerfile}"
    );
    assert!(
        dockerfile.contains("/src/scenarios /scenarios"),
        "{dockerfile}"
    );
    // Both mount the same claim at the same place.
    let claim = |job: &serde_json::Value| {
        job["spec"]["template"]["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"].clone()
    };
    assert_eq!(claim(&shards), claim(&merge));
    assert_eq!(
        container["volumeMounts"][0]["mountPath"],
        merge_spec["containers"][0]["volumeMounts"][0]["mountPath"]
    );
    assert!(out.starts_with(container["volumeMounts"][0]["mountPath"].as_str().unwrap()));
}

#[test]
fn the_indexed_job_environment_picks_each_shard() {
    let dir = std::env::temp_dir().join(format!("dilemma-deploy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for index in 0..4 {
        let output = Command::new(env!("CARGO_BIN_EXE_dilemma"))
            .current_dir(root())
            .args([
                "run",
                "scenarios/sweep-noise.toml",
                "--shard",
                "auto",
                "--quiet",
            ])
            .args(["--out", dir.to_str().unwrap()])
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env("JOB_COMPLETION_INDEX", index.to_string())
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(
            dir.join(format!("sweep-noise.shard-{index}-of-4/manifest.json"))
                .exists()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_slurm_scripts_chain_the_array_and_the_merge() {
    let read = |p: &str| std::fs::read_to_string(root().join(p)).unwrap();
    let shards = read("deploy/slurm/shards.sbatch");
    assert!(shards.contains("#SBATCH --array=0-"));
    assert!(shards.contains("--shard auto"));
    let merge = read("deploy/slurm/merge.sbatch");
    assert!(merge.contains("for ((i = 0; i < SHARDS; i++))"));
    assert!(merge.contains("$OUT/$NAME.shard-$i-of-$SHARDS"));
    assert!(merge.contains(" merge "));
    assert!(merge.contains("--verify \"${VERIFY:-2}\""));
    let submit = read("deploy/slurm/submit.sh");
    assert!(submit.contains("--array=\"0-$((SHARDS - 1))\""));
    assert!(submit.contains("--dependency=\"afterok:"));
    let test = read("deploy/slurm/test-local.sh");
    for word in ["slurmctld", "slurmd", "munge", "submit.sh", "SHARDS=4"] {
        assert!(test.contains(word), "{word}");
    }
    // Every script is valid shell syntax.
    for script in [
        "shards.sbatch",
        "merge.sbatch",
        "submit.sh",
        "test-local.sh",
    ] {
        let status = Command::new("bash")
            .arg("-n")
            .arg(root().join("deploy/slurm").join(script))
            .status()
            .unwrap();
        assert!(status.success(), "{script}");
    }
}

#[test]
fn the_image_builds_from_the_sources_the_jobs_name() {
    let read = |p: &str| std::fs::read_to_string(root().join(p)).unwrap();
    let dockerfile = read("deploy/kubernetes/Dockerfile");
    // The build stage's Rust is at least the crate's rust-version.
    let version = |text: &str| -> (u32, u32) {
        let mut parts = text.split('.').map(|p| p.parse::<u32>().unwrap());
        (parts.next().unwrap(), parts.next().unwrap())
    };
    let image = dockerfile
        .lines()
        .find_map(|l| l.strip_prefix("FROM rust:"))
        .unwrap();
    let image = image.split(['-', ' ']).next().unwrap();
    let manifest: toml::Table = read("Cargo.toml").parse().unwrap();
    let wanted = manifest["package"]["rust-version"].as_str().unwrap();
    assert!(version(image) >= version(wanted), "{image} < {wanted}");
    assert!(dockerfile.contains("cargo build --release --locked"));
    // The Jobs' /scenarios/... is the image's copy of scenarios/.
    assert!(dockerfile.contains("COPY --from=build /src/scenarios /scenarios"));
    assert!(dockerfile.contains("ENTRYPOINT [\"dilemma\"]"));
    // The build context leaves out the build output (and never the sources).
    let ignored: Vec<String> = read(".dockerignore")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.trim().to_string())
        .collect();
    assert!(ignored.contains(&"target".to_string()), "{ignored:?}");
    for needed in [
        "src",
        "Cargo.toml",
        "Cargo.lock",
        "build.rs",
        "scenarios",
        "strategies",
        "benches",
    ] {
        assert!(
            !ignored.iter().any(|i| i == needed),
            "{needed} is needed to build"
        );
    }
}

/// Runs wait-for-shards.sh with a stand-in `kubectl` that prints
/// `conditions`; returns its exit status and how long it took.
fn wait_for(conditions: &str, wait_seconds: &str) -> (bool, std::time::Duration) {
    let dir = std::env::temp_dir().join(format!(
        "dilemma-deploy-wait-{}-{}",
        std::process::id(),
        conditions.len()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let kubectl = dir.join("kubectl");
    std::fs::write(&kubectl, "#!/bin/sh\nprintf '%s' \"$KUBECTL_CONDITIONS\"\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&kubectl, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let start = std::time::Instant::now();
    let status = Command::new("sh")
        .arg(root().join("deploy/kubernetes/wait-for-shards.sh"))
        .arg("shards")
        .env("PATH", path)
        .env("KUBECTL_CONDITIONS", conditions)
        .env("WAIT_SECONDS", wait_seconds)
        .env("POLL_SECONDS", "1")
        .output()
        .unwrap()
        .status;
    let _ = std::fs::remove_dir_all(&dir);
    (status.success(), start.elapsed())
}

#[test]
fn the_merge_waits_for_completion_fails_fast_and_gives_up() {
    // Kubernetes 1.31 sets SuccessCriteriaMet before Complete, and
    // FailureTarget before Failed.
    let (ok, took) = wait_for("SuccessCriteriaMet Complete ", "600");
    assert!(ok && took.as_secs() < 5, "complete: {ok} after {took:?}");
    let (ok, took) = wait_for("FailureTarget Failed ", "600");
    assert!(!ok && took.as_secs() < 5, "failed: {ok} after {took:?}");
    let (ok, took) = wait_for("", "2");
    assert!(!ok && took.as_secs() < 10, "never: {ok} after {took:?}");
    // A condition whose name merely contains "Complete" is not completion.
    let (ok, _) = wait_for("NotComplete ", "1");
    assert!(!ok);
}
