fn main() {
    std::process::exit(trex::cli::main());
}
